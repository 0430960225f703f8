import { describe, expect, it } from "vitest";
import { birthdayAt, dueRung, firstEvent, nextInactivityEvent, warningSchedule } from "./next-event";

const DAY = 24 * 60 * 60 * 1000;
const anchor = new Date("2026-12-01T10:00:00Z");
const at = (days: number) => new Date(anchor.getTime() + days * DAY);

describe("inactivity warnings", () => {
  it("warns at 50 % and 25 % left and 7, 3 and 1 day before a 100-day period ends", () => {
    expect(warningSchedule(anchor, 100).map((r) => r.at)).toEqual([at(50), at(75), at(93), at(97), at(99)]);
  });

  it("puts the rungs of a short period in time order and drops those before it starts or on the same instant", () => {
    // 10 days: 7 days left (day 3) comes before 50 % (day 5); 25 % is 2.5 days left
    expect(warningSchedule(anchor, 10).map((r) => r.at)).toEqual([at(3), at(5), at(7), at(7.5), at(9)]);
    // 2 days: 50 % left and 1 day left are the same instant; 7 and 3 days left are before the start
    expect(warningSchedule(anchor, 2).map((r) => r.at)).toEqual([at(1), at(1.5)]);
    expect(warningSchedule(anchor, 1).map((r) => r.at)).toEqual([at(0.5), at(0.75)]);
  });

  it("goes from one rung to the next and then to the firing", () => {
    expect(nextInactivityEvent(anchor, 100, 0)).toEqual({ kind: "warning", at: at(50), rung: 1 });
    expect(nextInactivityEvent(anchor, 100, 4)).toEqual({ kind: "warning", at: at(99), rung: 5 });
    expect(nextInactivityEvent(anchor, 100, 5)).toEqual({ kind: "fire", at: at(100) });
  });

  it("sends only the latest rung due when several were missed (after downtime)", () => {
    expect(dueRung(anchor, 100, at(49))).toBeUndefined();
    expect(dueRung(anchor, 100, at(98))?.rung).toBe(4);
  });
});

describe("first event of a trigger", () => {
  const ctx = { now: anchor, lastActivityAt: anchor, beneficiaryDateOfBirth: "2010-02-28" };

  it("fires a date trigger at its date and a death-certificate trigger never by itself", () => {
    const date = new Date("2027-01-01T09:00:00Z");
    const timing = { triggerDate: date, inactivityDays: null, ageThreshold: null };
    expect(firstEvent({ ...timing, triggerType: "specific_date" }, ctx).event).toEqual({ kind: "fire", at: date });
    expect(firstEvent({ ...timing, triggerType: "death_certificate" }, ctx).event).toBeNull();
  });

  it("fires an age trigger at 00:00 UTC on the birthday, 29 February rolling to 1 March", () => {
    const timing = { triggerType: "age_milestone" as const, triggerDate: null, inactivityDays: null, ageThreshold: 18 };
    expect(firstEvent(timing, ctx).event).toEqual({ kind: "fire", at: new Date("2028-02-28T00:00:00Z") });
    expect(birthdayAt("2008-02-29", 18)).toEqual(new Date("2026-03-01T00:00:00Z"));
    expect(birthdayAt("2008-02-29", 20)).toEqual(new Date("2028-02-29T00:00:00Z"));
  });

  it("skips the rungs already past when an inactivity period is re-armed late", () => {
    const timing = {
      triggerType: "inactivity_period" as const,
      triggerDate: null,
      inactivityDays: 100,
      ageThreshold: null,
    };
    // the owner was last active 80 days ago: 50 % and 25 % are past, the next warning is 7 days before the end
    const late = firstEvent(timing, { ...ctx, lastActivityAt: at(-80) });
    expect(late).toEqual({ event: { kind: "warning", at: at(13), rung: 3 }, rungsHandled: 2 });
  });
});
