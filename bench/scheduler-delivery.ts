/**
 * Outbox delivery for bench:scheduler (issue 14), in-process (see bench/scheduler-engine.ts): 1 000 queued e-mails
 * delivered by the outbox task vs 1 000 sent directly with nodemailer (same transport options, the outbox's
 * concurrency) to the same loopback SMTP sink, in two alternating halves of 500 (target ≥ 0.5× the direct rate).
 */
import nodemailer from "nodemailer";
import { outboxMessages } from "@shared/schema";
import { DELIVERY_POLICY } from "../server/lib/outbox/deliver";
import { sealMessage } from "../server/lib/outbox/enqueue";
import { outboxTask } from "../server/lib/outbox/task";
import { releaseMail } from "../server/features/triggers/trigger-mail";
import { fmt } from "./api";
import { label, mode, ms, never, result, withFixtures } from "./release-engine-db";
import type { SchedulerMeasurement } from "./scheduler";

const MAILS = 1_000;

/** Runs `fn` over `count` indices with at most `limit` in flight. */
async function eachLimited(count: number, limit: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

export const delivery: SchedulerMeasurement = {
  id: "delivery",
  run: ({ engine }) =>
    withFixtures(1, engine, async ([f]) => {
      const { config } = f.deps;
      const mailFor = (i: number) =>
        releaseMail({
          to: `kofi.${i}@example.com`,
          owner: { firstName: "Ama", lastName: "Mensah", email: "ama@example.com" },
          beneficiaryFirstName: "Kofi",
          url: `${config.publicUrl}/release/${"x".repeat(43)}`,
          expiresInDays: 90,
        });
      const direct = nodemailer.createTransport({
        url: f.smtp.url,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      });
      const half = MAILS / 2;
      let outboxMs = 0;
      let directMs = 0;
      try {
        await eachLimited(20, DELIVERY_POLICY.concurrency, async (i) => {
          const m = mailFor(i);
          await direct.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text, html: m.html });
        });
        for (let round = 0; round < 2; round += 1) {
          const rows = Array.from({ length: half }, (_, j) => {
            const m = mailFor(round * half + j);
            return sealMessage(f.deps, {
              channel: "email",
              kind: "release",
              to: m.to,
              subject: m.subject,
              text: m.text,
              html: m.html,
              dedupeKey: `bench:${round}:${j}`,
              senderUserId: null,
            });
          });
          await f.deps.database.db.insert(outboxMessages).values(rows);
          const before = f.smtp.messages.length;
          let started = process.hrtime.bigint();
          let sent = 0;
          for (;;) {
            const n = await outboxTask(f.deps).run(never());
            sent += n;
            if (n === 0) break;
          }
          outboxMs += ms(started);
          if (sent !== half || f.smtp.messages.length - before !== half) throw new Error(`outbox delivered ${sent}`);
          started = process.hrtime.bigint();
          await eachLimited(half, DELIVERY_POLICY.concurrency, async (i) => {
            const m = mailFor(round * half + i);
            await direct.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text, html: m.html });
          });
          directMs += ms(started);
        }
      } finally {
        direct.close();
      }
      const outboxRate = MAILS / (outboxMs / 1000);
      const directRate = MAILS / (directMs / 1000);
      const ratio = outboxRate / directRate;
      const met = ratio >= 0.5;
      return result(
        `| outbox delivery, ${fmt(MAILS)} e-mails to loopback SMTP (outbox task) | ${fmt(outboxRate)} mails/s | | nodemailer direct, ${DELIVERY_POLICY.concurrency} in flight: ${fmt(directRate)} mails/s | **${ratio.toFixed(2)}×** (target ≥ 0.5×) | ${met ? "met" : "not met"} |`,
        {
          what: `${label(engine)}: outbox delivery rate ÷ direct nodemailer rate (in-process)`,
          figure: `${ratio.toFixed(2)}× (${fmt(outboxRate)} vs ${fmt(directRate)} mails/s)`,
          target: "≥ 0.5×",
          met,
          mode: mode(engine.url),
        },
      );
    }),
};
