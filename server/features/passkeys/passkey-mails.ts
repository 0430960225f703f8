import type { MailMessage } from "../../lib/mail/mailer";

const SIGN_OFF = ["", "— Heirloom"];

/** After a passkey was added: it signs in without the password, so the owner must hear of it. No link. */
export function passkeyAddedMail(to: string, name: string): MailMessage {
  return {
    to,
    subject: "A passkey was added to your Heirloom account",
    text: [
      `A passkey named "${name}" was just added to your Heirloom account. It signs in without your password.`,
      "",
      "If you did not do this, remove it in Settings, reset your password at once, and contact us.",
      ...SIGN_OFF,
    ].join("\n"),
  };
}

/** After a passkey was removed. */
export function passkeyRemovedMail(to: string, name: string): MailMessage {
  return {
    to,
    subject: "A passkey was removed from your Heirloom account",
    text: [
      `The passkey named "${name}" was just removed from your Heirloom account: it no longer signs in.`,
      "",
      "If you did not do this, reset your password at once and contact us.",
      ...SIGN_OFF,
    ].join("\n"),
  };
}
