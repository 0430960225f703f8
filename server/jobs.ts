import type { AppDeps } from "./deps";
import { deathVerificationTask } from "./features/death-verification/dv-task";
import { releaseExpiryTask } from "./features/releases/release-expiry";
import type { Task } from "./lib/jobs/scheduler";
import { triggersTask } from "./features/triggers/triggers-task";
import { outboxTask } from "./lib/outbox/task";
import { agentPayoutsTask } from "./features/agents/payouts-task";
import { momoContext } from "./features/mobile-money/momo-context";
import { momoReconcileTask } from "./features/mobile-money/momo-task";
import { giftCardExpiryTask } from "./features/gift-cards/redeem.service";

/**
 * Every piece of background work the server does, in the order a tick runs them (docs/design/release-engine.md).
 * Each feature exports its task factory and adds one line here; `npm start` runs them at start-up and every
 * SCHEDULER_INTERVAL_SECONDS, tests run them with `t.tick()` under the fake clock. Message delivery comes last, so
 * what the tasks before it queued in a tick leaves in the same tick.
 */
export function backgroundTasks(deps: AppDeps): Task[] {
  return [
    triggersTask(deps),
    deathVerificationTask(deps),
    releaseExpiryTask(deps),
    agentPayoutsTask(deps),
    momoReconcileTask(momoContext(deps)),
    giftCardExpiryTask(deps),
    outboxTask(deps),
  ];
}
