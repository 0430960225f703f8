import type { MailMessage } from "../../lib/mail/mailer";

const SIGN_OFF = ["", "— Heirloom"];

/** After two-factor sign-in was turned on: no link, no code. */
export function twoFactorEnabledMail(to: string): MailMessage {
  return {
    to,
    subject: "Two-factor sign-in is on for your Heirloom account",
    text: [
      "Two-factor sign-in was just turned on for your Heirloom account: signing in now also asks for a code from your",
      "authenticator app. Keep your recovery codes somewhere safe; each works once if your phone is lost.",
      "",
      "If you did not do this, reset your password at once and contact us.",
      ...SIGN_OFF,
    ].join("\n"),
  };
}

/** After two-factor sign-in was turned off. */
export function twoFactorDisabledMail(to: string): MailMessage {
  return {
    to,
    subject: "Two-factor sign-in was turned off for your Heirloom account",
    text: [
      "Two-factor sign-in was just turned off for your Heirloom account: signing in asks only for the password again.",
      "",
      "If you did not do this, reset your password at once, turn two-factor sign-in back on in Settings, and contact us.",
      ...SIGN_OFF,
    ].join("\n"),
  };
}
