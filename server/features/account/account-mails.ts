import { escapeHtml, type MailMessage } from "../../lib/mail/mailer";

function linkMail(to: string, subject: string, lines: string[], url: string, after: string[]): MailMessage {
  const para = (ls: string[]) => ls.map((l) => `<p>${escapeHtml(l)}</p>`).join("");
  return {
    to,
    subject,
    text: [...lines, "", url, "", ...after, "", "— Heirloom"].join("\n"),
    html: `${para(lines)}<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>${para(after)}<p>— Heirloom</p>`,
  };
}

/** To the new address: the change takes effect only when this link is confirmed. */
export function confirmNewEmailMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Confirm your new Heirloom e-mail address",
    ["Someone asked to use this address to sign in to Heirloom. Open this link to confirm it (valid 48 hours):"],
    url,
    ["If it was not you, ignore this message: nothing changes."],
  );
}

/** To the new address when it already belongs to another account: no link, and nothing about that account. */
export function emailInUseMail(to: string): MailMessage {
  return {
    to,
    subject: "Your Heirloom e-mail address",
    text: [
      "Someone asked to use this address for a Heirloom account, but an account already signs in with it, so nothing",
      "changed. If it was you, sign in with this address instead. If not, you can ignore this message.",
      "",
      "— Heirloom",
    ].join("\n"),
  };
}

/** To the old address once the change took effect: it can be undone from here for 72 hours. */
export function emailChangedMail(to: string, newEmail: string, url: string): MailMessage {
  return linkMail(
    to,
    "Your Heirloom e-mail address was changed",
    [
      `The e-mail address of your Heirloom account was changed to ${newEmail}.`,
      "If this was not you, undo it within 72 hours with this link: it restores this address and signs out every session.",
    ],
    url,
    ["Then reset your password."],
  );
}

/** To the restored address after an undo. */
export function emailChangeUndoneMail(to: string): MailMessage {
  return {
    to,
    subject: "Your Heirloom e-mail address was restored",
    text: "Your Heirloom account signs in with this address again, and every session was signed out. If you did not change the address yourself, reset your password now.\n\n— Heirloom",
  };
}

/** To the address of an account that was just deleted. */
export function accountDeletedMail(to: string): MailMessage {
  return {
    to,
    subject: "Your Heirloom account was deleted",
    text: "Your Heirloom account and everything in it (records, files, will) were erased at your request. Nothing of it can be recovered.\n\n— Heirloom",
  };
}
