import { INACTIVITY_RUNGS, type TriggerType } from "@shared/release-kinds";

const DAY_MS = 24 * 60 * 60 * 1000;

export type NextEvent = { kind: "warning" | "fire"; at: Date; rung?: number } | null;

export type TriggerTiming = {
  triggerType: TriggerType;
  triggerDate: Date | null;
  inactivityDays: number | null;
  ageThreshold: number | null;
};

/**
 * The instant a beneficiary born on `dateOfBirth` (YYYY-MM-DD) reaches `age`, at 00:00 UTC of that birthday. Someone
 * born on 29 February reaches it on 1 March of a common year (JavaScript's date arithmetic rolls over the same way).
 */
export function birthdayAt(dateOfBirth: string, age: number): Date {
  const [y, m, d] = dateOfBirth.split("-").map(Number);
  return new Date(Date.UTC(y + age, m - 1, d));
}

/** When an inactivity period that started at `anchor` runs out. */
export function inactivityDueAt(anchor: Date, days: number): Date {
  return new Date(anchor.getTime() + days * DAY_MS);
}

/**
 * The warning instants of one inactivity period, earliest first: 50 % and 25 % of the period left, then 7, 3 and 1
 * day(s) before the end. Rungs that would fall before the period starts (7 days left of a 5-day period) or on the
 * same instant as another are left out. `rung` numbers them 1.. in time order.
 */
export function warningSchedule(anchor: Date, days: number): { rung: number; at: Date; label: string }[] {
  const due = inactivityDueAt(anchor, days).getTime();
  const periodMs = days * DAY_MS;
  const raw = INACTIVITY_RUNGS.map((r) => ({
    label: r.label,
    at: due - ("remainingFraction" in r ? periodMs * r.remainingFraction : r.remainingDays * DAY_MS),
  }))
    .filter((r) => r.at > anchor.getTime())
    .sort((a, b) => a.at - b.at);
  const unique = raw.filter((r, i) => i === 0 || r.at !== raw[i - 1].at);
  return unique.map((r, i) => ({ rung: i + 1, at: new Date(r.at), label: r.label }));
}

/**
 * What the job next has to do for a pending inactivity trigger, given the rungs already handled: the next warning
 * still ahead, or the firing. Rungs already in the past at `now` count as handled (a warning is never sent late in a
 * burst; the latest due rung is the one sent).
 */
export function nextInactivityEvent(anchor: Date, days: number, rungsHandled: number): NextEvent {
  const rungs = warningSchedule(anchor, days);
  const next = rungs.find((r) => r.rung > rungsHandled);
  if (next) return { kind: "warning", at: next.at, rung: next.rung };
  return { kind: "fire", at: inactivityDueAt(anchor, days) };
}

/** The latest warning rung due at `now` (the one to send), or undefined when none is due. */
export function dueRung(anchor: Date, days: number, now: Date): { rung: number; at: Date; label: string } | undefined {
  return warningSchedule(anchor, days)
    .filter((r) => r.at.getTime() <= now.getTime())
    .at(-1);
}

/** How many rungs lie at or before `now`: those are skipped when a period (re)starts. */
export function rungsPassed(anchor: Date, days: number, now: Date): number {
  return dueRung(anchor, days, now)?.rung ?? 0;
}

/**
 * The first event of a trigger when it is created or re-armed. `death_certificate` has none: the death-verification
 * process completes it.
 */
export function firstEvent(
  t: TriggerTiming,
  ctx: { now: Date; lastActivityAt: Date; beneficiaryDateOfBirth: string | null },
): { event: NextEvent; rungsHandled: number } {
  switch (t.triggerType) {
    case "specific_date":
      return { event: t.triggerDate ? { kind: "fire", at: t.triggerDate } : null, rungsHandled: 0 };
    case "age_milestone":
      if (!ctx.beneficiaryDateOfBirth || !t.ageThreshold) return { event: null, rungsHandled: 0 };
      return { event: { kind: "fire", at: birthdayAt(ctx.beneficiaryDateOfBirth, t.ageThreshold) }, rungsHandled: 0 };
    case "inactivity_period": {
      const days = t.inactivityDays ?? 0;
      const handled = rungsPassed(ctx.lastActivityAt, days, ctx.now);
      return { event: nextInactivityEvent(ctx.lastActivityAt, days, handled), rungsHandled: handled };
    }
    case "death_certificate":
      return { event: null, rungsHandled: 0 };
  }
}
