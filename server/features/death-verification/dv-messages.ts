import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { escapeHtml } from "../../lib/mail/mailer";
import { plainLine, withoutUrls } from "../../lib/mail/safe-text";
import { notify } from "../../lib/notifications";
import { enqueueSealedMessages, sealMessage, type SealedMessage } from "../../lib/outbox/enqueue";

export type DvDeps = Pick<AppDeps, "keyring" | "clock" | "config" | "logger" | "outbox">;

/** Someone a notice goes to: by e-mail always, by SMS when `phone`, in-app when they have an account. */
export type Recipient = { userId: number | null; email: string; phone?: string | null };

export type Notice = {
  /** For operators and the bell's icon (death_verification_requested…); never content. */
  kind: string;
  subject: string;
  paragraphs: string[];
  /** A full link for the e-mail (a token page), else the in-app `link` under PUBLIC_URL. */
  url?: string;
  /** The in-app page, never a token. */
  link: string;
  /** Unique per event and recipient: a retried event sends nothing twice. */
  dedupeKey: string;
  /** A rehearsal: every message says it is a test. */
  test?: boolean;
  /** Text it too, when the recipient has a phone (the subject's "every channel"). */
  sms?: boolean;
};

const TEST_PREFIX = "[TEST] ";
const TEST_LINE = "This is a rehearsal you started yourself: nothing will be released.";

/** A person's name for a message: no URLs, one line, short. */
export function displayName(p: { firstName: string | null; lastName: string | null; email: string }): string {
  return withoutUrls([p.firstName, p.lastName].filter(Boolean).join(" ")).slice(0, 120) || plainLine(p.email);
}

/**
 * Queues one notice to each recipient in the caller's transaction: e-mail, SMS when asked and a phone is known, and
 * an in-app notification for account holders. Owed messages (contract): never capped, never held.
 */
export async function sendNotices(tx: DbOrTx, deps: DvDeps, items: { to: Recipient; notice: Notice }[]) {
  const sealed: SealedMessage[] = [];
  for (const { to, notice } of items) {
    const subject = `${notice.test ? TEST_PREFIX : ""}${notice.subject}`;
    const paragraphs = notice.test ? [TEST_LINE, ...notice.paragraphs] : notice.paragraphs;
    const url = notice.url ?? `${deps.config.publicUrl}${notice.link}`;
    sealed.push(
      sealMessage(deps, {
        channel: "email",
        kind: notice.kind,
        to: to.email,
        subject,
        text: `${paragraphs.join("\n\n")}\n\n${url}\n\n— Heirloom`,
        html: [
          ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
          `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
          "<p>— Heirloom</p>",
        ].join(""),
        dedupeKey: `${notice.dedupeKey}:email`,
        senderUserId: null,
      }),
    );
    if (notice.sms && to.phone) {
      sealed.push(
        sealMessage(deps, {
          channel: "sms",
          kind: notice.kind,
          to: to.phone,
          text: `Heirloom: ${subject}. ${url}`,
          dedupeKey: `${notice.dedupeKey}:sms`,
          senderUserId: null,
        }),
      );
    }
  }
  await enqueueSealedMessages(tx, deps, sealed);
  await notify(
    tx,
    deps,
    items.flatMap(({ to, notice }) =>
      to.userId === null
        ? []
        : [
            {
              userId: to.userId,
              kind: notice.kind,
              title: `${notice.test ? TEST_PREFIX : ""}${notice.subject}`,
              body: (notice.test ? [TEST_LINE, ...notice.paragraphs] : notice.paragraphs).join(" "),
              link: notice.link,
              dedupeKey: notice.dedupeKey,
            },
          ],
    ),
  );
}
