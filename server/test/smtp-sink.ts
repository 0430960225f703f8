import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export type CapturedMail = { to: string[]; raw: string; text: string };

/** Decodes quoted-printable soft breaks and escapes, enough to read links and text out of a message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpSink() {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The messages sent to one address, oldest first. */
    to: (address: string) => messages.filter((m) => m.to.includes(address)),
    /** Waits (up to 5 s) until `address` has received `count` messages; for mail sent off the request path. */
    async waitFor(address: string, count = 1): Promise<CapturedMail[]> {
      for (let waited = 0; waited < 5000; waited += 10) {
        const mine = messages.filter((m) => m.to.includes(address));
        if (mine.length >= count) return mine;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no message #${count} for ${address} within 5 s`);
    },
    /** The first link under PUBLIC_URL with the given path prefix in the newest message to `address`. */
    linkFor(address: string, pathPrefix: string): string | undefined {
      const mine = messages.filter((m) => m.to.includes(address));
      const last = mine[mine.length - 1];
      const match = last?.text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix}[A-Za-z0-9_-]+`));
      return match?.[0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
