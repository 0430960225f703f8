import type { Request } from "express";
import type { ExportFormat } from "@shared/backup-format";
import type { User } from "@shared/schema";
import { addressRange } from "../../auth/ip-key";
import type { AppDeps } from "../../deps";
import type { MailMessage } from "../../lib/mail/mailer";
import { runInTransaction } from "../../db";
import { notify } from "../../lib/notifications";
import { enqueueEmail } from "../../lib/outbox/enqueue";

const WHAT: Record<ExportFormat, string> = {
  json: "a complete copy of your records (JSON)",
  pdf: "a printable summary of your estate plan (PDF)",
  zip: "a complete copy of your records and every uploaded file (ZIP)",
};

/** What left, when and from where (a range, not the address); no link and nothing from the export itself. */
export function exportNoticeMail(to: string, format: ExportFormat, at: Date, from: string): MailMessage {
  const when = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    to,
    subject: "Your Heirloom data was exported",
    text: [
      `An export of your Heirloom account was just downloaded: ${WHAT[format]}.`,
      "",
      `When: ${when}`,
      `From: an address in ${from}`,
      "",
      "If this was you, there is nothing to do. If it was not, change your password at once (Forgot password on the",
      "sign-in page signs every other session out) and contact us.",
      "",
      "— Heirloom",
    ].join("\n"),
  };
}

/**
 * Tells the owner after each export, in-app and through the outbox (retried if the mail server is down). A failure to queue it is
 * logged, never turned into an error for the download that already left.
 */
export async function notifyExport(deps: AppDeps, req: Request, user: User, format: ExportFormat): Promise<void> {
  const now = deps.clock.now();
  const mail = exportNoticeMail(user.email, format, now, addressRange(req.ip));
  try {
    const key = `export:${user.id}:${String(req.id ?? now.getTime())}`;
    await runInTransaction(deps.database.db, async (tx) => {
      await enqueueEmail(tx, deps, mail, { kind: "export_notice", dedupeKey: key });
      await notify(tx, deps, [
        { userId: user.id, kind: "export_notice", title: mail.subject, body: mail.text.split("\n")[0], dedupeKey: key },
      ]);
    });
  } catch (err) {
    deps.logger.warn(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      "export notice not queued",
    );
  }
}
