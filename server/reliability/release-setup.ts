import { randomBytes } from "node:crypto";
import { hashToken } from "../lib/tokens";
import { startSmtpSink, type CapturedMail } from "../test/smtp-sink";
import { createTestDatabase, type TestDatabase } from "./database";
import { Session } from "./http";
import { createSite, freePort, killLeftovers, removeSite, type ServerProcess, type Site } from "./process";
import { createTestClock, type TestClock } from "./test-clock";

/**
 * What the release-engine process tests share (issue 14: RACE-03, SIGKILL mid-fire, SMTP outage): an installation
 * (database, DATA_DIR, a real SMTP server on loopback, the servers' test clock, the scheduler ticking every second),
 * owners and triggers made through the API as a person would, and the ledger the assertions read back.
 */

export const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
export const ENGINE = ON_POSTGRES ? "PostgreSQL" : "embedded engine";
export const MINUTE_MS = 60_000;

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export type Installation = {
  db: TestDatabase;
  site: Site;
  sink: SmtpSink;
  clock: TestClock;
  /** Starts a server process of the installation; `secondProcess`: one more beside the first, on its own port. */
  start(opts?: { secondProcess?: boolean }): Promise<ServerProcess>;
  /** One SQL statement on the installation's database (embedded: only while no server runs). */
  sql<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

export async function openInstallation(): Promise<Installation> {
  const db = await createTestDatabase();
  const site = await createSite(db.url);
  const sink = await startSmtpSink();
  const clock = createTestClock();
  const env = { SMTP_URL: sink.url, SCHEDULER_INTERVAL_SECONDS: "1" };
  return {
    db,
    site,
    sink,
    clock,
    async start(opts = {}) {
      if (!opts.secondProcess) return clock.start(site, env);
      // Same DATA_DIR, secrets, database and PUBLIC_URL; only its own port.
      const port = await freePort();
      const sibling = { ...site, port, baseUrl: `http://localhost:${port}`, env: { ...site.env, PORT: String(port) } };
      return clock.start(sibling, env);
    },
    sql: (text, params) => db.query(site.dataDir, text, params),
    async close() {
      await killLeftovers();
      await sink.close();
      await db.drop();
      removeSite(site);
    },
  };
}

const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function expectStatus<T>(what: string, answer: Promise<{ status: number; body: T }>, status: number) {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export type Owner = { session: Session; id: number; email: string };

/** A client as a person becomes one: registers, follows the e-mailed verification link, takes a plan with triggers. */
export async function createOwner(inst: Installation, baseUrl: string, firstName: string): Promise<Owner> {
  const session = new Session(baseUrl);
  const email = `${firstName.toLowerCase()}.${randomBytes(5).toString("hex")}@example.com`;
  const password = "Correct horse battery staple 42";
  const user = await expectStatus(
    "register",
    session.json<{ id: number }>("/api/register", postJson({ email, password, firstName, lastName: "Mensah" })),
    201,
  );
  await inst.sink.waitFor(email);
  const token = inst.sink.linkFor(email, "/verify-email/")?.split("/").pop();
  await expectStatus("verify-email", session.json("/api/auth/verify-email", postJson({ token })), 200);
  await expectStatus("upgrade-plan", session.json("/api/upgrade-plan", postJson({ planId: "basic_premium" })), 200);
  return { session, id: user.id, email };
}

export type Beneficiary = { id: number; email: string };

/** POST /api/beneficiaries; waits until the e-mail telling them they were added has arrived. */
export async function addBeneficiary(inst: Installation, owner: Owner, dateOfBirth?: string): Promise<Beneficiary> {
  const email = `kofi.${randomBytes(5).toString("hex")}@example.com`;
  const body = { firstName: "Kofi", lastName: "Boateng", email, relationship: "child", dateOfBirth };
  const created = await expectStatus(
    "beneficiary",
    owner.session.json<{ id: number }>("/api/beneficiaries", postJson(body)),
    201,
  );
  await inst.sink.waitFor(email);
  return { id: created.id, email };
}

/** POST /api/triggers: a specific_date trigger releasing everything assigned to the beneficiary at `at`. */
export async function dateTrigger(owner: Owner, beneficiaryId: number, at: Date): Promise<number> {
  const body = { beneficiaryId, triggerType: "specific_date", triggerDate: at.toISOString() };
  return (await expectStatus("trigger", owner.session.json<{ id: number }>("/api/triggers", postJson(body)), 201)).id;
}

/** POST /api/triggers for an age already reached: due on creation, so the server that takes it runs its task at once. */
export function dueAgeTrigger(session: Session, beneficiaryId: number) {
  return session.json<{ id: number }>(
    "/api/triggers",
    postJson({ beneficiaryId, triggerType: "age_milestone", ageThreshold: 18 }),
  );
}

/** True once every trigger of the owner has completed (asked through the API, so it works on either engine). */
export async function allCompleted(owner: Owner): Promise<boolean> {
  const list = await owner.session.json<{ status: string }[]>("/api/triggers");
  return list.status === 200 && list.body.length > 0 && list.body.every((t) => t.status === "completed");
}

export type TriggerLedger = {
  id: number;
  status: string;
  beneficiary_id: number;
  releases: number;
  test_releases: number;
  fired: number;
  completed: number;
};

/** Every trigger with its releases (real and test) and its history, as the database holds them. */
export function triggerLedger(inst: Installation): Promise<TriggerLedger[]> {
  return inst.sql<TriggerLedger>(`
    select t.id, t.status, t.beneficiary_id,
      (select count(*)::int from asset_releases r where r.trigger_id = t.id and not r.is_test) as releases,
      (select count(*)::int from asset_releases r where r.trigger_id = t.id and r.is_test) as test_releases,
      (select count(*)::int from trigger_events e where e.trigger_id = t.id and e.kind = 'fired') as fired,
      (select count(*)::int from trigger_events e where e.trigger_id = t.id and e.kind = 'completed') as completed
    from asset_release_triggers t order by t.id`);
}

/**
 * Makes every transaction that creates real releases (a firing batch) hold its locks `seconds` longer before it
 * commits, as a slow disk would: a batch in flight is a window wide enough for the other process to arrive in (a
 * race is then certain, not lucky) and for a test to kill the process in. A database trigger of the test's own.
 */
export async function slowReleaseCommits(inst: Installation, seconds: number): Promise<void> {
  await inst.sql(`
    do $do$ begin
      create or replace function hl_test_slow_release() returns trigger language plpgsql as $f$
      begin
        if exists (select 1 from inserted where not is_test) then perform pg_sleep(${Number(seconds)}); end if;
        return null;
      end $f$;
      create trigger hl_test_slow_release after insert on asset_releases
        referencing new table as inserted for each statement execute function hl_test_slow_release();
    end $do$`);
}

export async function removeSlowReleaseCommits(inst: Installation): Promise<void> {
  await inst.sql("drop trigger if exists hl_test_slow_release on asset_releases");
}

export type OutboxLedger = { kind: string; recipient: string; status: string; attempts: number };

/** The queued messages of the given kinds. */
export function outboxOf(inst: Installation, kinds: string[]): Promise<OutboxLedger[]> {
  return inst.sql<OutboxLedger>(
    "select kind, recipient, status, attempts from outbox_messages where kind = any($1) order by recipient",
    [kinds],
  );
}

const RELEASE_LINK = /https?:\/\/\S*\/release\/([A-Za-z0-9_-]+)/;

/** The e-mails carrying a release link (real or test) received for `address`. */
export const releaseMails = (sink: SmtpSink, address: string) =>
  sink.to(address).filter((m) => RELEASE_LINK.test(m.text));

/** The hash of the release token a release e-mail carries, as `asset_releases.token_hash` stores it. */
export const releaseTokenHash = (mail: CapturedMail) => hashToken(mail.text.match(RELEASE_LINK)![1]);

/** Message-IDs that reached the SMTP server more than once (a receiver would see one, but we promise once). */
export function repeatedMessageIds(sink: SmtpSink): string[] {
  const seen = new Map<string, number>();
  for (const m of sink.messages) {
    const id = m.raw.match(/^Message-ID:\s*(<[^>\r\n]+>)/im)?.[1] ?? "(none)";
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}

/** Distinct outbox ids whose attempt number `attempt` failed, from the server's "will retry" log lines. */
export function failedAttempts(logs: string[], attempt: number, kinds: string[]): Set<string> {
  const ids = new Set<string>();
  for (const line of logs.join("").split("\n")) {
    let entry: { msg?: string; outboxId?: string; kind?: string; attempts?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // not a log entry, or one still arriving
    }
    if (entry.msg === "message not delivered; will retry" && entry.attempts === attempt && kinds.includes(entry.kind!))
      ids.add(entry.outboxId!);
  }
  return ids;
}
