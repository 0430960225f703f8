import type { TriggerDto } from "@shared/trigger-types";
import { formatInstantGmt } from "@/lib/format";

export const TRIGGER_TYPE_LABELS: Record<TriggerDto["triggerType"], string> = {
  specific_date: "Specific date",
  inactivity_period: "Inactivity period",
  age_milestone: "Age milestone",
  death_certificate: "Death certificate",
};

/** The trigger's condition in words: "On 10 Dec 2026, 14:00 GMT", "After 90 days without you", … */
export function describeCondition(t: TriggerDto): string {
  switch (t.triggerType) {
    case "specific_date":
      return t.triggerDate ? `On ${formatInstantGmt(t.triggerDate)}` : "On a date";
    case "inactivity_period":
      return `After ${t.inactivityDays} days without a sign-in or check-in`;
    case "age_milestone":
      return `When ${t.beneficiaryName} turns ${t.ageThreshold}`;
    case "death_certificate":
      return "When a death verification about you completes";
  }
}

/** What happens next and when, in words ("Warning e-mail on 3 Dec 2026, 09:00 GMT", "Fires on …"). */
export function describeNextStep(t: TriggerDto): string {
  if (t.status === "cancelled") return "Cancelled: nothing will be released";
  if (t.status === "completed") return "Released to the beneficiary";
  if (t.status === "triggered") return "Fired: waiting for a trusted party to confirm";
  if (!t.nextEvent) {
    return t.triggerType === "death_certificate" ? "Waits for a completed death verification" : "Nothing scheduled";
  }
  const when = formatInstantGmt(t.nextEvent.at);
  return t.nextEvent.kind === "warning" ? `Warning e-mail on ${when}` : `Fires on ${when}`;
}

const EVENT_LABELS: Record<string, string> = {
  created: "Created",
  warning: "Warning sent to you",
  reset: "Reset by your activity",
  fired: "Fired",
  completed: "Released",
  cancelled: "Cancelled",
  tested: "Test sent to you",
};

export function describeEvent(kind: string): string {
  return EVENT_LABELS[kind] ?? kind;
}

/** True when `at` is not in the future by this browser's clock (the server checks it again by its own). */
export function isNotInFuture(at: Date | undefined): boolean {
  return at !== undefined && at.getTime() <= Date.now();
}
