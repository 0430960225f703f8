import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopGracefully, waitFor, type ServerProcess } from "./process";
import {
  ENGINE,
  MINUTE_MS,
  ON_POSTGRES,
  addBeneficiary,
  allCompleted,
  createOwner,
  dateTrigger,
  dueAgeTrigger,
  openInstallation,
  outboxOf,
  releaseMails,
  releaseTokenHash,
  repeatedMessageIds,
  slowReleaseCommits,
  triggerLedger,
  type Beneficiary,
  type Installation,
  type Owner,
} from "./release-setup";

/**
 * RACE-03 (double fire) through real server processes: the scheduler of every process (ticking each second) and the
 * owners' manual "test this trigger" requests reach the same due triggers at the same moment. On PostgreSQL two
 * processes share the database; the embedded engine's data folder belongs to one process, so there the one process's
 * scheduler races the manual tests alone. Either way: one release per beneficiary, one e-mail per recipient.
 */

const OWNERS = 4;
const TRIGGERS_PER_OWNER = 4;

let inst: Installation;
beforeAll(async () => {
  inst = await openInstallation();
});
afterAll(async () => {
  await inst?.close();
});

/** An owner, their date triggers (one beneficiary each), and per server process a beneficiary for an age trigger. */
type Plan = { owner: Owner; targets: { beneficiary: Beneficiary; triggerId: number }[]; kickers: Beneficiary[] };

describe(`RACE-03 double fire (${ENGINE})`, () => {
  it(
    ON_POSTGRES
      ? "two server processes on one database, both schedulers and manual tests of every trigger at the same moment: one release per beneficiary, one e-mail per recipient"
      : "one server process (embedded engine: a second process cannot share its data folder), its scheduler and manual tests of every trigger at the same moment: one release per beneficiary, one e-mail per recipient",
    async () => {
      const servers: ServerProcess[] = [await inst.start()];
      if (ON_POSTGRES) servers.push(await inst.start({ secondProcess: true }));
      const urls = servers.map((s) => s.baseUrl);

      const dueAt = new Date(inst.clock.now().getTime() + 10 * MINUTE_MS);
      const plans: Plan[] = [];
      for (let k = 0; k < OWNERS; k += 1) {
        const owner = await createOwner(inst, urls[k % urls.length], `Ama${k}`);
        const targets = [];
        for (let i = 0; i < TRIGGERS_PER_OWNER; i += 1) {
          const beneficiary = await addBeneficiary(inst, owner);
          targets.push({ beneficiary, triggerId: await dateTrigger(owner, beneficiary.id, dueAt) });
        }
        const kickers = [];
        for (const _url of urls) kickers.push(await addBeneficiary(inst, owner, "2000-01-01"));
        plans.push({ owner, targets, kickers });
      }

      // A firing batch holds its row locks half a second before it commits: the other process's run arrives while
      // it is in flight (the embedded engine has no other process, and runs one transaction at a time anyway).
      if (ON_POSTGRES) await slowReleaseCommits(inst, 0.5);
      // The triggers fall due for every process at once.
      await inst.clock.advance(11 * MINUTE_MS);
      // Now, together: each process's one-second tick, a kick of each process's trigger task (a trigger created
      // already due is fired at once by the process that took the request), and a manual test of every trigger on
      // every process.
      const kicks = plans.flatMap((p) => urls.map((url, i) => dueAgeTrigger(p.owner.session.at(url), p.kickers[i].id)));
      const tests = plans.flatMap((p) =>
        p.targets.flatMap((t) =>
          urls.map((url) => p.owner.session.at(url).json(`/api/triggers/${t.triggerId}/test`, { method: "POST" })),
        ),
      );
      const answers = await Promise.all([...kicks, ...tests]);
      expect(answers.slice(0, kicks.length).map((a) => a.status)).toEqual(kicks.map(() => 201));
      expect(answers.slice(kicks.length).map((a) => a.status)).toEqual(tests.map(() => 202));

      const everyone = plans.flatMap((p) => [...p.targets.map((t) => t.beneficiary), ...p.kickers]);
      const testsPerOwner = TRIGGERS_PER_OWNER * urls.length;
      const settled = await waitFor(
        async () =>
          (await Promise.all(plans.map((p) => allCompleted(p.owner)))).every(Boolean) &&
          everyone.every((b) => releaseMails(inst.sink, b.email).length >= 1) &&
          plans.every((p) => releaseMails(inst.sink, p.owner.email).length >= testsPerOwner),
        60_000,
        100,
      );
      expect(settled, "every trigger completed and every message arrived").toBe(true);
      for (const server of servers) expect(await stopGracefully(server)).toBe(0);

      // Exactly one real release and one fire per trigger; one test release per test answered 202.
      const ledger = await triggerLedger(inst);
      const kickerIds = new Set(plans.flatMap((p) => p.kickers.map((b) => b.id)));
      expect(ledger).toHaveLength(OWNERS * (TRIGGERS_PER_OWNER + urls.length));
      for (const row of ledger) {
        expect(row, `trigger ${row.id}`).toMatchObject({
          status: "completed",
          releases: 1,
          fired: 1,
          completed: 1,
          test_releases: kickerIds.has(row.beneficiary_id) ? 0 : urls.length,
        });
      }
      const releases = await inst.sql<{ beneficiary_id: number; token_hash: string }>(
        "select beneficiary_id, token_hash from asset_releases where not is_test",
      );
      const tokenOf = new Map(releases.map((r) => [r.beneficiary_id, r.token_hash]));
      expect(tokenOf.size).toBe(everyone.length);

      // One release e-mail per beneficiary, carrying that release's link; the owners get their tests, nobody else.
      const queued = await outboxOf(inst, ["release", "release_test"]);
      expect(queued.every((m) => m.status === "sent")).toBe(true);
      const realRecipients = queued.filter((m) => m.kind === "release").map((m) => m.recipient);
      expect(realRecipients.sort()).toEqual(everyone.map((b) => b.email).sort());
      for (const b of everyone) {
        const mails = releaseMails(inst.sink, b.email);
        expect(mails, b.email).toHaveLength(1);
        expect(releaseTokenHash(mails[0])).toBe(tokenOf.get(b.id));
      }
      for (const p of plans) {
        expect(queued.filter((m) => m.kind === "release_test" && m.recipient === p.owner.email)).toHaveLength(
          testsPerOwner,
        );
        expect(releaseMails(inst.sink, p.owner.email)).toHaveLength(testsPerOwner);
      }
      expect(repeatedMessageIds(inst.sink)).toEqual([]);
    },
    180_000,
  );
});
