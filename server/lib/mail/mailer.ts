import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID (`<…@…>`): the outbox sets one per row, so a resend after a crash is deduped by receivers. */
  messageId?: string;
};
export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

/** Header values never carry CR/LF, so a name like "x\r\nBcc: y" cannot add headers. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * Mail through SMTP_URL when set; otherwise each message is written to DATA_DIR/outbox/*.eml and logged,
 * so a machine without a mail server still shows what would have been sent.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    // Bounded waits: a mail server that accepts the connection and then hangs must not hold an outbox batch for
    // nodemailer's default 10 minutes (the batch's claim on its rows lasts DELIVERY_POLICY.leaseMs).
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      async send(m) {
        await transport.sendMail({
          from: opts.from,
          to: oneLine(m.to),
          subject: oneLine(m.subject),
          text: m.text,
          html: m.html,
          messageId: m.messageId,
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await transport.sendMail({
        from: opts.from,
        to: oneLine(m.to),
        subject: oneLine(m.subject),
        text: m.text,
        html: m.html,
        messageId: m.messageId,
      });
      await fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(opts.outboxDir, `${Date.now()}-${randomBytes(6).toString("hex")}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.logger.info({ file, subject: oneLine(m.subject) }, "mail written to outbox");
    },
    close: () => transport.close(),
  };
}
