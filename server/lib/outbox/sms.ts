import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";

export type ShortMessage = { channel: "sms" | "whatsapp"; to: string; text: string; messageId: string };

/**
 * Sends SMS and WhatsApp messages. Providers (chosen by SMS_PROVIDER, see `createSmsProvider`) implement this; a provider throws when the
 * message was not accepted, and the outbox retries it.
 */
export type SmsProvider = { send(message: ShortMessage): Promise<void> };

/**
 * The default without SMS_PROVIDER: each message is one DATA_DIR/outbox/*.txt file (mode 0600) and a log line
 * without its text, as the .eml files are for e-mail, so `npm start` shows what would have been sent.
 */
export function createFileSmsSink(opts: { outboxDir: string; logger: Logger }): SmsProvider {
  return {
    async send(m) {
      await fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(opts.outboxDir, `${Date.now()}-${randomBytes(6).toString("hex")}.${m.channel}.txt`);
      const body = `Channel: ${m.channel}\nTo: ${m.to.replace(/[\r\n]+/g, " ")}\nMessage-ID: ${m.messageId}\n\n${m.text}\n`;
      await fs.writeFile(file, body, { mode: 0o600 });
      opts.logger.info({ file, channel: m.channel }, "message written to outbox");
    },
  };
}

/** The provider SMS_PROVIDER names (config.ts validated it at start-up): today the file sink. */
export function createSmsProvider(config: { smsProvider: "file"; dataDir: string }, logger: Logger): SmsProvider {
  switch (config.smsProvider) {
    case "file":
      return createFileSmsSink({ outboxDir: path.join(config.dataDir, "outbox"), logger });
  }
}
