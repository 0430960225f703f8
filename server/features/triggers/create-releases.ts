import { sql, type AnyColumn } from "drizzle-orm";
import { beneficiaries, users } from "@shared/schema";
import { RELEASE_LINK_DAYS, type ItemKind } from "@shared/release-kinds";
import type { DbOrTx } from "../../db";
import { unnest } from "../../db/unnest";
import type { AppDeps } from "../../deps";
import { encryptValue } from "../../lib/crypto/field-secrets";
import { notify, type NewNotification } from "../../lib/notifications";
import { enqueueSealedMessages, sealMessage } from "../../lib/outbox/enqueue";
import { generateToken, hashToken } from "../../lib/tokens";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { auditInTx, type TriggerAuditEntry } from "./trigger-audit";
import { releaseMail } from "./trigger-mail";
import { RELEASE_SECRETS, openTriggerField } from "./trigger-secrets";
import { insertReleaseItems } from "./release-items";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The owner's preview of a release ("test this trigger") works for a week. */
const TEST_LINK_DAYS = 7;

export type ReleaseSource = {
  /** The trigger behind the release; null for an estate distribution's release (issue 16). */
  id: number | null;
  userId: number;
  beneficiaryId: number;
  assetId: number | null;
  assetBundleId: number | null;
  /** The trigger's stored message: ciphertext under the owner's data key (trigger-secrets.ts), or null. */
  message: string | null;
  /** Only these kinds of assigned asset (an estate distribution's step); absent: every kind. */
  kinds?: ItemKind[];
};
export type CreatedRelease = { id: number; triggerId: number | null; userId: number; token: string; to: string };
export type ReleaseDeps = Pick<AppDeps, "keyring" | "clock" | "config" | "logger" | "outbox">;

const nameOf = (p: { firstName: string | null; lastName: string | null; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ").trim() || p.email;

async function drawReleaseIds(tx: DbOrTx, n: number): Promise<number[]> {
  const r = await tx.execute<{ id: string }>(
    sql`select nextval('asset_releases_id_seq') as id from generate_series(1, ${n})`,
  );
  return r.rows.map((row) => Number(row.id));
}

/** The message re-sealed for its release row, so the release page reads it without the trigger. */
async function resealMessages(tx: DbOrTx, deps: ReleaseDeps, sources: ReleaseSource[], ids: number[]) {
  const keys = new Map<number, Buffer>();
  const out: (string | null)[] = [];
  for (const [i, s] of sources.entries()) {
    if (s.message === null || s.id === null) {
      out.push(null);
      continue;
    }
    let dek = keys.get(s.userId);
    if (!dek) keys.set(s.userId, (dek = await getOrCreateUserDataKey(tx, deps.keyring, s.userId)));
    const plain = openTriggerField(dek, { userId: s.userId, rowId: s.id }, "message", s.message, deps.logger) ?? "";
    out.push(encryptValue(RELEASE_SECRETS, dek, "message", { userId: s.userId, rowId: ids[i] }, plain));
  }
  return out;
}

/** `column` is one of `ids`: ONE int[] parameter, not a parameter per id. */
const idIn = (column: AnyColumn, ids: number[]) => sql`${column} = any(${sql.param(ids)}::int[])`;

/** What the caller's own event adds to the batch's statements, so each table is written once per batch. */
export type AlsoWritten = { audit?: TriggerAuditEntry[]; notifications?: NewNotification[] };

/**
 * Creates one release per completed trigger (docs/design/release-engine.md): a 256-bit link token stored as a hash,
 * valid RELEASE_LINK_DAYS; its items fixed now (the named file, or the bundle's items, or every asset of every kind
 * assigned to the beneficiary); one e-mail to the beneficiary through the outbox (dedupe `release:<id>:beneficiary`);
 * a notification and an audit entry for the owner. Set-based: one `INSERT … SELECT` per table for the whole batch
 * (with `also`, the caller's audit rows and notifications join those statements). With `test`, the release is the
 * owner's preview (`isTest`): the e-mail goes to the owner alone, marked as a test.
 */
export async function createReleases(
  tx: DbOrTx,
  deps: ReleaseDeps,
  triggers: ReleaseSource[],
  now: Date,
  opts: { test?: boolean; also?: AlsoWritten } = {},
): Promise<CreatedRelease[]> {
  const created = await insertReleases(tx, deps, triggers, now, opts.test === true);
  await notify(tx, deps, [...created.notifications, ...(opts.also?.notifications ?? [])]);
  await auditInTx(tx, [...created.audit, ...(opts.also?.audit ?? [])]);
  return created.releases;
}

async function insertReleases(tx: DbOrTx, deps: ReleaseDeps, triggers: ReleaseSource[], now: Date, test: boolean) {
  const none = { releases: [] as CreatedRelease[], notifications: [] as NewNotification[], audit: [] };
  if (triggers.length === 0) return none;
  const owners = new Map(
    (
      await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(idIn(users.id, [...new Set(triggers.map((t) => t.userId))]))
    ).map((u) => [u.id, u]),
  );
  const people = new Map(
    (
      await tx
        .select({
          id: beneficiaries.id,
          firstName: beneficiaries.firstName,
          lastName: beneficiaries.lastName,
          email: beneficiaries.email,
        })
        .from(beneficiaries)
        .where(idIn(beneficiaries.id, [...new Set(triggers.map((t) => t.beneficiaryId))]))
    ).map((b) => [b.id, b]),
  );
  const ready = triggers.filter((t) => owners.has(t.userId) && people.has(t.beneficiaryId));
  if (ready.length === 0) return none;
  const ids = await drawReleaseIds(tx, ready.length);
  const messages = await resealMessages(tx, deps, ready, ids);
  const days = test ? TEST_LINK_DAYS : RELEASE_LINK_DAYS;
  const expires = new Date(now.getTime() + days * DAY_MS);
  const tokens = ready.map(() => generateToken());

  const inserted = await tx.execute<{ id: number }>(sql`
    insert into asset_releases (id, user_id, trigger_id, beneficiary_id, owner_name, beneficiary_name, message,
      token_hash, status, is_test, released_at, access_expires_at)
    select r.*, 'pending', ${test}::boolean, ${now}::timestamptz, ${expires}::timestamptz
    from ${unnest([
      [ids, "int"],
      [ready.map((t) => t.userId), "int"],
      [ready.map((t) => t.id), "int"],
      [ready.map((t) => t.beneficiaryId), "int"],
      [ready.map((t) => nameOf(owners.get(t.userId)!).slice(0, 201)), "varchar"],
      [ready.map((t) => nameOf(people.get(t.beneficiaryId)!).slice(0, 201)), "varchar"],
      [messages, "text"],
      [tokens.map(hashToken), "varchar"],
    ])} as r
    on conflict (trigger_id) where is_test = false do nothing
    returning id`);
  const done = new Set(inserted.rows.map((r) => Number(r.id)));
  const created = ready
    .map((t, i) => ({ t, id: ids[i], token: tokens[i] }))
    .filter((r) => done.has(r.id))
    .map(({ t, id, token }) => {
      const owner = owners.get(t.userId)!;
      const to = test ? owner.email : people.get(t.beneficiaryId)!.email;
      return { id, triggerId: t.id, userId: t.userId, token, to, t };
    });
  if (created.length === 0) return none;

  await insertReleaseItems(
    tx,
    created.map((c) => ({
      releaseId: c.id,
      userId: c.userId,
      beneficiaryId: c.t.beneficiaryId,
      assetId: c.t.assetId,
      assetBundleId: c.t.assetBundleId,
      kinds: c.t.kinds ?? null,
    })),
  );

  await enqueueSealedMessages(
    tx,
    deps,
    created.map((c) =>
      sealMessage(deps, {
        channel: "email",
        kind: test ? "release_test" : "release",
        to: c.to,
        ...asSealable(
          releaseMail({
            to: c.to,
            owner: owners.get(c.userId)!,
            beneficiaryFirstName: people.get(c.t.beneficiaryId)!.firstName,
            url: `${deps.config.publicUrl}/release/${c.token}`,
            expiresInDays: days,
            test,
          }),
        ),
        dedupeKey: `release:${c.id}:${test ? "test" : "beneficiary"}`,
        senderUserId: null,
      }),
    ),
  );

  const notifications: NewNotification[] = created.map((c) => {
    const who = nameOf(people.get(c.t.beneficiaryId)!);
    return test
      ? {
          userId: c.userId,
          kind: "trigger_tested",
          title: "Trigger test sent",
          body: `We e-mailed you the message ${who} would receive. Nothing was released.`,
          link: "/time-triggers",
          dedupeKey: `release:${c.id}:test`,
        }
      : {
          userId: c.userId,
          kind: "release_created",
          title: "Release sent",
          body:
            c.triggerId === null
              ? `Your estate distribution: ${who} was e-mailed a link to what you left them.`
              : `Your trigger fired: ${who} was e-mailed a link to what you left them.`,
          link: "/time-triggers",
          dedupeKey: `release:${c.id}:owner`,
        };
  });
  const audit: TriggerAuditEntry[] = created.map((c) => ({
    at: now,
    actorId: test ? c.userId : null,
    subjectUserId: c.userId,
    action: test ? "trigger_tested" : "release_created",
    target: `release:${c.id}`,
    details: {
      ...(c.triggerId === null ? { distribution: true } : { triggerId: c.triggerId }),
      beneficiaryId: c.t.beneficiaryId,
      test,
    },
  }));
  const releases = created.map(({ id, triggerId, userId, token, to }) => ({ id, triggerId, userId, token, to }));
  return { releases, notifications, audit };
}

function asSealable(m: { subject: string; text: string; html?: string }) {
  return { subject: m.subject, text: m.text, html: m.html };
}
