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
  /** While set, every message is refused with this SMTP reply (a temporary failure, as a busy server gives). */
  let refusal: { code: number; text: string } | undefined;
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          if (refusal) {
            const err = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
            return callback(err);
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
          callback();
        });
      },
    });
  const listen = (s: SMTPServer, port: number) =>
    new Promise<void>((resolve, reject) => {
      s.server.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve());
    });
  const close = (s: SMTPServer) => new Promise<void>((resolve) => s.close(() => resolve()));
  let server = create();
  await listen(server, 0);
  const port = (server.server.address() as AddressInfo).port;
  let running = true;
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
    /** An outage: the port stops listening, so connections are refused, until `start()`. */
    async stop() {
      if (!running) return;
      running = false;
      await close(server);
    },
    /** Back on the same port, keeping the messages received so far. */
    async start() {
      if (running) return;
      server = create();
      await listen(server, port);
      running = true;
    },
    /** Refuse every message with this reply (451: a temporary failure, as a busy server gives) until `accept()`. */
    refuse(reply: { code: number; text: string } = { code: 451, text: "Try again later" }) {
      refusal = reply;
    },
    accept() {
      refusal = undefined;
    },
    close: () => (running ? close(server) : Promise.resolve()),
  };
}
