import { sql } from "drizzle-orm";
import { checkInTokens } from "@shared/schema";
import { runInTransaction, type Db } from "../../db";
import { notify } from "../../lib/notifications";
import { enqueueSealedMessages, sealMessage } from "../../lib/outbox/enqueue";
import { generateToken, hashToken } from "../../lib/tokens";
import type { ReleaseDeps } from "./create-releases";
import { dueRung, inactivityDueAt, nextInactivityEvent, type NextEvent } from "./next-event";
import { auditInTx, recordTriggerEvents } from "./trigger-audit";
import { warningMail, warningSms } from "./trigger-mail";
import { formatInstant } from "./format-instant";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A warning's check-in link works this long (single use). */
export const CHECK_IN_LINK_DAYS = 30;

type DueWarning = {
  id: number;
  user_id: number;
  inactivity_days: number;
  warning_rung: number;
  last_activity_at: Date | string;
  email: string;
  first_name: string | null;
  /** The owner's mobile number (E.164) or null: the warning is texted to it too. */
  phone: string | null;
};

type Plan = { row: DueWarning; anchor: Date; rung: number; next: NextEvent; send?: { rung: number; token: string } };

/**
 * What to do for one due row: the latest rung now due is sent once (earlier ones missed during downtime are not sent
 * late in a burst); a period already over sends nothing and lets the firing take it.
 */
function planFor(row: DueWarning, now: Date): Plan {
  const anchor = new Date(row.last_activity_at);
  const days = row.inactivity_days;
  const fireAt = inactivityDueAt(anchor, days);
  if (fireAt.getTime() <= now.getTime())
    return { row, anchor, rung: row.warning_rung, next: { kind: "fire", at: fireAt } };
  const due = dueRung(anchor, days, now);
  if (!due || due.rung <= row.warning_rung) {
    const handled = Math.max(due?.rung ?? 0, row.warning_rung);
    return { row, anchor, rung: handled, next: nextInactivityEvent(anchor, days, handled) };
  }
  return {
    row,
    anchor,
    rung: due.rung,
    next: nextInactivityEvent(anchor, days, due.rung),
    send: { rung: due.rung, token: generateToken() },
  };
}

/**
 * Sends one batch of due inactivity warnings in one transaction: each by e-mail, by SMS when the owner has a phone, and
 * as a notification, all carrying the same single-use check-in link (dedupe keys per trigger, period, rung and
 * channel, so a retried run sends nothing twice), the rung recorded and the next event indexed with one conditional
 * UPDATE. Never capped (contract).
 */
export async function sendDueWarnings(deps: ReleaseDeps & { database: { db: Db } }, now: Date, limit: number) {
  return runInTransaction(deps.database.db, async (tx) => {
    const result = await tx.execute<DueWarning>(sql`
      select t.id, t.user_id, t.inactivity_days, t.warning_rung, u.last_activity_at, u.email, u.first_name, u.phone
      from asset_release_triggers t
      join users u on u.id = t.user_id and u.status = 'active'
      where t.status = 'pending' and t.next_event_kind = 'warning' and t.next_event_at <= ${now}
      order by t.next_event_at, t.id
      limit ${limit}
      for update of t skip locked`);
    if (result.rows.length === 0) return 0;
    const plans = result.rows.map((r) => planFor(r, now));
    const values = sql.join(
      plans.map(
        (p) => sql`(${p.row.id}::int, ${p.rung}::smallint, ${p.next!.at}::timestamptz, ${p.next!.kind}::varchar)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update asset_release_triggers t
      set warning_rung = v.rung, next_event_at = v.at, next_event_kind = v.kind
      from (values ${values}) as v(id, rung, at, kind)
      where t.id = v.id and t.status = 'pending' and t.next_event_kind = 'warning'`);

    const sends = plans.filter((p): p is Plan & { send: NonNullable<Plan["send"]> } => p.send !== undefined);
    if (sends.length === 0) return plans.length;
    const expires = new Date(now.getTime() + CHECK_IN_LINK_DAYS * DAY_MS);
    await tx
      .insert(checkInTokens)
      .values(sends.map((p) => ({ userId: p.row.user_id, tokenHash: hashToken(p.send.token), expiresAt: expires })));
    const key = (p: Plan & { send: { rung: number } }) =>
      `trigger:${p.row.id}:warn:${p.anchor.getTime()}:${p.send.rung}`;
    const dueText = (p: Plan) => formatInstant(inactivityDueAt(p.anchor, p.row.inactivity_days));
    const checkInUrl = (p: Plan & { send: { token: string } }) => `${deps.config.publicUrl}/check-in/${p.send.token}`;
    const mails = sends.map((p) => {
      const mail = warningMail({ to: p.row.email, firstName: p.row.first_name, dueAt: dueText(p), url: checkInUrl(p) });
      return sealMessage(deps, {
        channel: "email",
        kind: "inactivity_warning",
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        dedupeKey: `${key(p)}:email`,
        senderUserId: null,
      });
    });
    const texts = sends
      .filter((p) => p.row.phone !== null)
      .map((p) =>
        sealMessage(deps, {
          channel: "sms",
          kind: "inactivity_warning",
          to: p.row.phone!,
          text: warningSms({ dueAt: dueText(p), url: checkInUrl(p) }),
          dedupeKey: `${key(p)}:sms`,
          senderUserId: null,
        }),
      );
    await enqueueSealedMessages(tx, deps, [...mails, ...texts]);
    await notify(
      tx,
      deps,
      sends.map((p) => ({
        userId: p.row.user_id,
        kind: "trigger_warning",
        title: "Are you still there?",
        body: `Your inactivity trigger releases your records on ${dueText(p)} unless you check in.`,
        link: "/dashboard",
        dedupeKey: key(p),
      })),
    );
    await recordTriggerEvents(
      tx,
      sends.map((p) => ({
        triggerId: p.row.id,
        userId: p.row.user_id,
        at: now,
        kind: "warning" as const,
        details: {
          rung: p.send.rung,
          channels: p.row.phone ? ["email", "sms", "notification"] : ["email", "notification"],
        },
      })),
    );
    await auditInTx(
      tx,
      sends.map((p) => ({
        at: now,
        actorId: null,
        subjectUserId: p.row.user_id,
        action: "trigger_warning_sent" as const,
        target: `trigger:${p.row.id}`,
        details: { rung: p.send.rung },
      })),
    );
    return plans.length;
  });
}
