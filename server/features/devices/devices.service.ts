import type { Request, Response } from "express";
import type { User } from "@shared/schema";
import { addressRange, describeDevice } from "../../auth/session-client";
import type { AppConfig } from "../../config";
import { runInTransaction, type Db, type DbOrTx } from "../../db";
import type { Clock } from "../../lib/clock";
import type { MailMessage } from "../../lib/mail/mailer";
import { notify } from "../../lib/notifications";
import { enqueueEmail, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { generateToken, hashToken, isTokenShaped } from "../../lib/tokens";
import * as q from "./devices.queries";

/** The device cookie lives a year (browsers cap cookies at 400 days); a device unseen that long is forgotten. */
export const DEVICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export type DeviceDeps = OutboxWriteDeps & { db: Db; clock: Clock; config: AppConfig };

export function deviceCookieName(config: AppConfig): string {
  // NOTE: the __Host- prefix requires Secure, so plain-http development uses a plain name (as the session cookie).
  return config.isSecure ? "__Host-hl.device" : "hl.device";
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** What a new-device notice says: which browser, from which range, when; no link. */
export function newDeviceMail(to: string, p: { device: string; range: string; at: Date }): MailMessage {
  const when = `${p.at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    to,
    subject: "New sign-in to your Heirloom account",
    text: [
      "Your Heirloom account was just signed in to from a device it has not been used on before.",
      "",
      `Device: ${p.device}`,
      `From: ${p.range}`,
      `When: ${when}`,
      "",
      "If this was you, there is nothing to do. If it was not, change your password at once and sign that session",
      "out under Settings → Sessions.",
      "",
      "— Heirloom",
    ].join("\n"),
  };
}

/**
 * Recognises the browser of a sign-in and sets or refreshes its device cookie (a 256-bit random value; only its
 * SHA-256 is kept, per user). A browser whose cookie was cleared (sign-out sends Clear-Site-Data) is still recognised
 * by its family and network range. A browser new to an account that already has devices gets the owner an e-mail and
 * an in-app notice, in the same transaction as the device row; an account's first device (its sign-up, or its first
 * sign-in since this feature) does not.
 */
export async function recognizeDevice(deps: DeviceDeps, req: Request, res: Response, user: User): Promise<void> {
  const presented = readCookie(req, deviceCookieName(deps.config));
  const token = presented && isTokenShaped(presented) ? presented : generateToken();
  const tokenHash = hashToken(token);
  const device = describeDevice(req.get("user-agent"));
  const range = addressRange(req.ip);
  const signature = hashToken(`${device}|${range}`);
  const now = deps.clock.now();
  await runInTransaction(deps.db, async (tx) => {
    if (await q.touchKnownDevice(tx, { userId: user.id, tokenHash, now })) return;
    await q.forgetStaleDevices(tx, { userId: user.id, before: new Date(now.getTime() - DEVICE_MAX_AGE_MS) });
    if (await q.rebindBySignature(tx, { userId: user.id, signature, tokenHash, now })) return;
    const isFirst = !(await q.hasKnownDevices(tx, user.id));
    if (!(await q.insertKnownDevice(tx, { userId: user.id, tokenHash, signature, now })) || isFirst) return;
    const mail = newDeviceMail(user.email, { device, range, at: now });
    const dedupeKey = `new-device:${user.id}:${tokenHash}`;
    await enqueueEmail(tx, deps, mail, { kind: "new_device_sign_in", dedupeKey });
    await notify(tx, deps, [
      {
        userId: user.id,
        kind: "new_device_sign_in",
        title: mail.subject,
        body: mail.text.split("\n")[0],
        link: "/settings",
        dedupeKey,
      },
    ]);
  });
  // as the session cookie: a Secure cookie is never offered over a connection that did not arrive by https
  if (deps.config.isSecure && !req.secure) return;
  res.cookie(deviceCookieName(deps.config), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: deps.config.isSecure,
    path: "/",
    maxAge: DEVICE_MAX_AGE_MS,
  });
}

/** Forgets every device of the user (an account handed to its proven owner: the earlier holder's browsers are not theirs). */
export async function forgetDevices(tx: DbOrTx, userId: number): Promise<void> {
  await q.forgetAllDevices(tx, userId);
}
