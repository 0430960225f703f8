import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopGracefully, waitFor } from "./process";
import {
  ENGINE,
  MINUTE_MS,
  addBeneficiary,
  allCompleted,
  createOwner,
  dateTrigger,
  failedAttempts,
  openInstallation,
  outboxOf,
  releaseMails,
  releaseTokenHash,
  repeatedMessageIds,
  type Beneficiary,
  type Installation,
} from "./release-setup";

/**
 * The mail server is down (its port closed) while releases fall due and the owner tests a trigger: the messages
 * queue and are retried on their back-off (30 s, 1 min, 2 min… by the servers' clock); none is lost, and once the
 * mail server is back each is delivered exactly once. A real SMTP server on loopback, stopped and started.
 */

const BENEFICIARIES = 4;
const KINDS = ["release", "release_test"];

let inst: Installation;
beforeAll(async () => {
  inst = await openInstallation();
});
afterAll(async () => {
  await inst?.close();
});

describe(`SMTP outage (${ENGINE})`, () => {
  it("messages queue while the mail server is down, nothing is lost, and each is delivered once when it is back", async () => {
    const server = await inst.start();
    const owner = await createOwner(inst, server.baseUrl, "Efua");
    const dueAt = new Date(inst.clock.now().getTime() + 10 * MINUTE_MS);
    const beneficiaries: Beneficiary[] = [];
    const triggers: number[] = [];
    for (let i = 0; i < BENEFICIARIES; i += 1) {
      const b = await addBeneficiary(inst, owner);
      beneficiaries.push(b);
      triggers.push(await dateTrigger(owner, b.id, dueAt));
    }
    const expected = BENEFICIARIES + 1; // a release e-mail each, and the owner's test

    await inst.sink.stop();
    await inst.clock.advance(11 * MINUTE_MS);
    const test = await owner.session.json(`/api/triggers/${triggers[0]}/test`, { method: "POST" });
    expect(test.status).toBe(202);
    expect(await waitFor(() => allCompleted(owner), 30_000, 100)).toBe(true);

    // Down for three attempts: the first at once, then after 30 s and after 1 min more of the servers' time.
    const failedAll = (attempt: number) => () => failedAttempts(server.logs, attempt, KINDS).size === expected;
    expect(await waitFor(failedAll(1), 30_000, 100), "first attempt failed for every message").toBe(true);
    for (const [attempt, backOffMs] of [
      [2, 30_000],
      [3, MINUTE_MS],
    ]) {
      await inst.clock.advance(backOffMs);
      expect(await waitFor(failedAll(attempt), 30_000, 100), `attempt ${attempt} failed for every message`).toBe(true);
    }
    expect(failedAttempts(server.logs, 1, KINDS)).toEqual(failedAttempts(server.logs, 3, KINDS));

    await inst.sink.start();
    expect(beneficiaries.flatMap((b) => releaseMails(inst.sink, b.email))).toEqual([]);
    await inst.clock.advance(2 * MINUTE_MS); // the fourth attempt's back-off
    const arrived = () =>
      beneficiaries.every((b) => releaseMails(inst.sink, b.email).length > 0) &&
      releaseMails(inst.sink, owner.email).length > 0;
    expect(await waitFor(arrived, 30_000, 100), "every message arrived").toBe(true);
    expect(await stopGracefully(server)).toBe(0);

    const queued = await outboxOf(inst, KINDS);
    expect(queued).toHaveLength(expected);
    expect(queued.every((m) => m.status === "sent" && m.attempts === 4)).toBe(true);
    const releases = await inst.sql<{ beneficiary_id: number; token_hash: string; is_test: boolean }>(
      "select beneficiary_id, token_hash, is_test from asset_releases",
    );
    for (const b of beneficiaries) {
      const mails = releaseMails(inst.sink, b.email);
      expect(mails, b.email).toHaveLength(1);
      const release = releases.find((r) => r.beneficiary_id === b.id && !r.is_test);
      expect(releaseTokenHash(mails[0])).toBe(release?.token_hash);
    }
    const testMails = releaseMails(inst.sink, owner.email);
    expect(testMails).toHaveLength(1);
    expect(releaseTokenHash(testMails[0])).toBe(releases.find((r) => r.is_test)?.token_hash);
    expect(repeatedMessageIds(inst.sink)).toEqual([]);
  }, 180_000);
});
