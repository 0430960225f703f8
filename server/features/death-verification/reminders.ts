import { sql } from "drizzle-orm";
import type { DeathVerificationRequest } from "@shared/schema";
import { runInTransaction, type Db } from "../../db";
import { sendNotices, type DvDeps } from "./dv-messages";
import { reminderNotice, subjectRecipient } from "./dv-notices";
import * as q from "./dv.queries";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminders during the waiting period: every week, and this many days before its end. */
export const REMINDER_EVERY_DAYS = 7;
export const FINAL_REMINDER_DAYS_BEFORE = 2;

/** The reminder instants of a waiting period: weekly from its start, then 2 days before its end. */
export function reminderSchedule(start: Date, end: Date): Date[] {
  const last = end.getTime() - FINAL_REMINDER_DAYS_BEFORE * DAY_MS;
  const out: Date[] = [];
  for (let at = start.getTime() + REMINDER_EVERY_DAYS * DAY_MS; at < last; at += REMINDER_EVERY_DAYS * DAY_MS) {
    out.push(new Date(at));
  }
  if (last > start.getTime()) out.push(new Date(last));
  return out;
}

export const firstReminderAt = (start: Date, end: Date): Date | null => reminderSchedule(start, end)[0] ?? null;

/**
 * Sends one batch of due waiting-period reminders in one transaction: due verified requests are locked (others'
 * locked rows skipped), each reminder's slot advanced with a conditional update on the slot it read, so a retried or
 * parallel run sends nothing twice (dedupe keys per request and reminder number too). Missed reminders after downtime
 * are not sent in a burst: the next slot after now is taken.
 */
export async function sendDueReminders(deps: DvDeps & { database: { db: Db } }, now: Date, limit: number) {
  return runInTransaction(deps.database.db, async (tx) => {
    const due = await tx.execute<{ id: number }>(sql`
      select id from death_verification_requests
      where status = 'verified' and next_reminder_at <= ${now}
      order by next_reminder_at, id
      limit ${limit}
      for update skip locked`);
    for (const { id } of due.rows) {
      const r = (await q.findRequest(tx, id)) as DeathVerificationRequest;
      const schedule = reminderSchedule(r.waitingPeriodStart!, r.waitingPeriodEnd!);
      const next = schedule.find((at) => at.getTime() > now.getTime()) ?? null;
      const n = r.remindersSent + 1;
      const moved = await tx.execute(sql`
        update death_verification_requests
        set next_reminder_at = ${next}, reminders_sent = ${n}, updated_at = ${now}
        where id = ${id} and status = 'verified' and next_reminder_at = ${r.nextReminderAt}
        returning id`);
      if (moved.rows.length === 0) continue;
      const subject = await q.findPerson(tx, r.userId);
      if (subject) await sendNotices(tx, deps, [{ to: subjectRecipient(subject), notice: reminderNotice(r, n) }]);
    }
    return due.rows.length;
  });
}
