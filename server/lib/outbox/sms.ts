import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";

export type ShortMessage = { channel: "sms" | "whatsapp"; to: string; text: string; messageId: string };

/**
 * Sends SMS and WhatsApp messages. Providers (issue 14's SMS_PROVIDER) implement this; a provider throws when the
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
