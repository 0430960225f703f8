import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_POLICY } from "../lib/outbox/deliver";
import { crash, stopGracefully, waitFor } from "./process";
import {
  ENGINE,
  MINUTE_MS,
  createOwner,
  openInstallation,
  outboxOf,
  releaseMails,
  releaseTokenHash,
  removeSlowReleaseCommits,
  repeatedMessageIds,
  slowReleaseCommits,
  triggerLedger,
  type Installation,
} from "./release-setup";

/**
 * A server SIGKILLed while it fires a large batch of due triggers (several transactions of TRIGGER_BATCH rows each),
 * then started again: every trigger fires exactly once, every release is created once, and every release e-mail
 * reaches its beneficiary once. One trigger in RELEASING_EVERY releases at once; the others wait for a trusted
 * party's confirmation (fired, no release yet), so the batches stay large while the mail stays few.
 * The kill lands while firing is under way by construction: each firing transaction holds 0.3 s before it commits
 * (slowReleaseCommits), the test kills as soon as the first batch is visible through the API, and checks afterwards
 * that some triggers had fired and others not. The SMTP server refuses mail (451) until after the restart, so no
 * message is in flight at the kill: "once" is then exact, not "once per Message-ID".
 */

const TRIGGERS = 1600; // four firing transactions
const RELEASING_EVERY = 20;

let inst: Installation;
beforeAll(async () => {
  inst = await openInstallation();
});
afterAll(async () => {
  await inst?.close();
});

describe(`SIGKILL mid-fire (${ENGINE})`, () => {
  it(`killed while firing ${TRIGGERS} due triggers and restarted: none fired twice, no release lost or doubled, each e-mail sent once`, async () => {
    let server = await inst.start();
    const owner = await createOwner(inst, server.baseUrl, "Akua");
    expect(await stopGracefully(server)).toBe(0);

    // One beneficiary per trigger, due in ten minutes by the servers' clock (set-based SQL: 1600 API calls would
    // only slow the test down).
    const tag = randomBytes(4).toString("hex");
    const dueAt = new Date(inst.clock.now().getTime() + 10 * MINUTE_MS).toISOString();
    const seeded = await inst.sql<{ id: number; email: string; releasing: boolean }>(
      `with b as (
         insert into beneficiaries (user_id, first_name, last_name, email, relationship)
         select $1, 'Kofi', 'Boateng', 'crash.' || g || '.' || $2 || '@example.com', 'child'
         from generate_series(1, $3) g
         returning id, user_id, email),
       t as (
         insert into asset_release_triggers (user_id, beneficiary_id, trigger_type, trigger_date, status,
           next_event_at, next_event_kind, requires_verification, verification_method, created_at)
         select user_id, id, 'specific_date', $4::timestamptz, 'pending', $4::timestamptz, 'fire', id % $5 <> 0,
           case when id % $5 = 0 then 'automatic' else 'trusted_party' end, now()
         from b
         returning id, beneficiary_id, requires_verification)
       select t.id, b.email, not t.requires_verification as releasing from t join b on b.id = t.beneficiary_id`,
      [owner.id, tag, TRIGGERS, dueAt, RELEASING_EVERY],
    );
    expect(seeded).toHaveLength(TRIGGERS);
    const releasing = new Set(seeded.filter((t) => t.releasing).map((t) => t.id));
    const addresses = seeded.filter((t) => t.releasing).map((t) => t.email);
    expect(addresses).toHaveLength(TRIGGERS / RELEASING_EVERY);
    const firstToFire = Math.min(...seeded.map((t) => t.id));
    await slowReleaseCommits(inst, 0.3);

    inst.sink.refuse();
    server = await inst.start();
    await inst.clock.advance(11 * MINUTE_MS);
    const firstBatchVisible = await waitFor(
      async () =>
        (await owner.session.json<{ status: string }>(`/api/triggers/${firstToFire}`)).body.status !== "pending",
      60_000,
      20,
    );
    expect(firstBatchVisible, "the first firing transaction committed").toBe(true);
    await crash(server);

    // The kill fell mid-fire: some batches had committed whole (each trigger in them fired once, with its release
    // when it releases at once), the others had left nothing behind.
    const atKill = await triggerLedger(inst);
    const fired = atKill.filter((t) => t.status !== "pending");
    expect(fired.length).toBeGreaterThan(0);
    expect(fired.length).toBeLessThan(TRIGGERS);
    expect(fired.filter((t) => t.fired !== 1 || t.releases !== (releasing.has(t.id) ? 1 : 0))).toEqual([]);
    expect(atKill.filter((t) => t.status === "pending" && (t.fired !== 0 || t.releases !== 0))).toEqual([]);
    await removeSlowReleaseCommits(inst);

    server = await inst.start();
    inst.sink.accept();
    // Messages the dead process had claimed are due again once its claim runs out; the refused ones after back-off.
    await inst.clock.advance(DELIVERY_POLICY.leaseMs + MINUTE_MS);
    const delivered = await waitFor(() => addresses.every((a) => releaseMails(inst.sink, a).length > 0), 120_000, 200);
    expect(delivered, "every beneficiary of a release received its e-mail").toBe(true);
    expect(await stopGracefully(server)).toBe(0);

    const ledger = await triggerLedger(inst);
    expect(ledger).toHaveLength(TRIGGERS);
    const expected = (id: number) =>
      releasing.has(id)
        ? { status: "completed", releases: 1, fired: 1, completed: 1 }
        : { status: "triggered", releases: 0, fired: 1, completed: 0 };
    const wrong = ledger.filter((t) => {
      const e = expected(t.id);
      return t.status !== e.status || t.releases !== e.releases || t.fired !== e.fired || t.completed !== e.completed;
    });
    expect(wrong).toEqual([]);
    const queued = await outboxOf(inst, ["release"]);
    expect(queued.map((m) => m.recipient).sort()).toEqual([...addresses].sort());
    expect(queued.filter((m) => m.status !== "sent")).toEqual([]);
    const releases = await inst.sql<{ email: string; token_hash: string }>(
      `select b.email, r.token_hash from asset_releases r join beneficiaries b on b.id = r.beneficiary_id
       where not r.is_test`,
    );
    expect(releases).toHaveLength(addresses.length);
    for (const r of releases)
      expect(releaseMails(inst.sink, r.email).map(releaseTokenHash), r.email).toEqual([r.token_hash]);
    expect(repeatedMessageIds(inst.sink)).toEqual([]);
  }, 300_000);
});
