import type { DeathVerificationRequest } from "@shared/schema";
import { WAITING_PERIOD_DAYS } from "@shared/death-verification";
import type { DbOrTx } from "../../db";
import { formatInstant } from "../triggers/format-instant";
import { displayName, sendNotices, type DvDeps, type Notice, type Recipient } from "./dv-messages";
import * as q from "./dv.queries";

const PAGE = "/death-verification";
const TRUSTED_PAGE = "/trusted";

/** The subject as a recipient: e-mail, SMS when they have a phone, and the bell. */
export const subjectRecipient = (s: q.Person): Recipient => ({ userId: s.id, email: s.email, phone: s.phone });
const partyRecipient = (p: q.ActiveParty): Recipient => ({ userId: p.personId, email: p.email });

/**
 * A new request (or a confirmed family report): the subject is told at once on every channel (so that they can stop
 * it by signing in), and the subject's other active parties are asked to confirm or deny. A rehearsal tells the
 * subject alone, as a test.
 */
export async function announceRequest(tx: DbOrTx, deps: DvDeps, request: DeathVerificationRequest, subject: q.Person) {
  const test = request.rehearsal;
  const toSubject: Notice = {
    kind: "death_verification_requested",
    subject: "Someone reported your death on Heirloom",
    paragraphs: [
      "A death verification has been opened about you. If you are reading this, simply sign in or check in: that stops it at once and nothing is released.",
    ],
    link: "/dashboard",
    dedupeKey: `dv:${request.id}:opened:subject`,
    test,
    sms: true,
  };
  const items = [{ to: subjectRecipient(subject), notice: toSubject }];
  if (!test) {
    const parties = (await q.activePartiesOf(tx, subject.id)).filter((p) => p.personId !== request.requestorId);
    const name = displayName(subject);
    for (const p of parties) {
      items.push({
        to: partyRecipient(p),
        notice: {
          kind: "death_verification_confirm",
          subject: `Please confirm or deny: ${name}`,
          paragraphs: [
            `Someone has reported that ${name}, who named you as a trusted party, has died. Please tell us whether you can confirm it.`,
          ],
          link: TRUSTED_PAGE,
          dedupeKey: `dv:${request.id}:ask:${p.id}`,
          test: false,
          sms: false,
        },
      });
    }
  }
  await sendNotices(tx, deps, items);
}

/** Verified: the subject is told at once on every channel when the waiting period ends. */
export async function announceVerified(tx: DbOrTx, deps: DvDeps, request: DeathVerificationRequest, subject: q.Person) {
  await sendNotices(tx, deps, [
    {
      to: subjectRecipient(subject),
      notice: {
        kind: "death_verification_verified",
        subject: "Your death has been verified on Heirloom",
        paragraphs: [
          `A death verification about you was accepted. Unless you sign in or check in before ${formatInstant(request.waitingPeriodEnd!)} (${WAITING_PERIOD_DAYS} days), your estate plan will be carried out.`,
        ],
        link: "/dashboard",
        dedupeKey: `dv:${request.id}:verified`,
        test: request.rehearsal,
        sms: true,
      },
    },
  ]);
}

/** A reminder during the waiting period (weekly, and 2 days before the end). */
export function reminderNotice(request: DeathVerificationRequest, n: number): Notice {
  return {
    kind: "death_verification_reminder",
    subject: "Reminder: your estate plan will be carried out",
    paragraphs: [
      `A death verification about you is in its waiting period. Sign in or check in before ${formatInstant(request.waitingPeriodEnd!)} to stop it.`,
    ],
    link: "/dashboard",
    dedupeKey: `dv:${request.id}:reminder:${n}`,
    test: request.rehearsal,
    sms: true,
  };
}

/** The requestor of a request: their account, or the family reporter's address (decrypted by the caller). */
export async function requestorRecipient(
  tx: DbOrTx,
  request: DeathVerificationRequest,
  reporterEmail: string | null,
): Promise<Recipient | undefined> {
  if (request.requestorId !== null) {
    const person = await q.findPerson(tx, request.requestorId);
    return person ? { userId: person.id, email: person.email } : undefined;
  }
  return reporterEmail ? { userId: null, email: reporterEmail } : undefined;
}

/** Stopped or finished: the requestor and every active party are told (the subject too, for their records). */
export async function tellEveryone(
  tx: DbOrTx,
  deps: DvDeps,
  p: { request: DeathVerificationRequest; subject: q.Person; requestor?: Recipient; notice: Omit<Notice, "dedupeKey"> },
) {
  const key = `dv:${p.request.id}:${p.notice.kind}`;
  const items: { to: Recipient; notice: Notice }[] = [
    { to: subjectRecipient(p.subject), notice: { ...p.notice, link: PAGE, dedupeKey: `${key}:subject` } },
  ];
  const seen = new Set<string>([p.subject.email.toLowerCase()]);
  const add = (to: Recipient, suffix: string) => {
    if (seen.has(to.email.toLowerCase())) return;
    seen.add(to.email.toLowerCase());
    items.push({ to, notice: { ...p.notice, link: TRUSTED_PAGE, sms: false, dedupeKey: `${key}:${suffix}` } });
  };
  if (p.requestor) add(p.requestor, "requestor");
  if (!p.request.rehearsal) {
    for (const party of await q.activePartiesOf(tx, p.subject.id)) add(partyRecipient(party), `party:${party.id}`);
  }
  await sendNotices(tx, deps, items);
}

/**
 * A request entered review (its first evidence or answer, or an appeal): every reviewing admin gets one e-mail and one
 * in-app notification per request and entry — the dedupe key names both, so a retried event or a second piece of
 * evidence sends nothing more.
 */
export async function tellReviewers(
  tx: DbOrTx,
  deps: DvDeps,
  request: DeathVerificationRequest,
  entry: "review" | "appeal",
) {
  const admins = await q.adminRecipients(tx);
  const appeal = entry === "appeal";
  await sendNotices(
    tx,
    deps,
    admins.map((a) => ({
      to: { userId: a.id, email: a.email },
      notice: {
        kind: "death_verification_review",
        subject: appeal ? "A rejected death verification was appealed" : "A death verification is ready for review",
        paragraphs: [
          appeal
            ? `Request #${request.id} was appealed by its requestor after a rejection. It is back in the review queue with their reason.`
            : `Request #${request.id} has evidence or confirmations to review.`,
        ],
        link: "/admin/death-verifications",
        dedupeKey: `dv:${request.id}:${entry}:${a.id}`,
        test: request.rehearsal,
      },
    })),
  );
}

/** An appeal: the subject is told at once on every channel, as for a new request (they can still stop it). */
export async function announceAppeal(tx: DbOrTx, deps: DvDeps, request: DeathVerificationRequest, subject: q.Person) {
  await sendNotices(tx, deps, [
    {
      to: subjectRecipient(subject),
      notice: {
        kind: "death_verification_appealed",
        subject: "A death verification about you was appealed",
        paragraphs: [
          "A death verification about you was rejected after review, and the person who reported it has appealed: it will be reviewed again. If you are reading this, simply sign in or check in: that stops it at once.",
        ],
        link: "/dashboard",
        dedupeKey: `dv:${request.id}:appealed:subject`,
        test: request.rehearsal,
        sms: true,
      },
    },
  ]);
}
