import type { MailMessage } from "./mailer";

/**
 * Notices about the account itself, sent to its own address. They carry no link and no secret: the reader acts by
 * going to Heirloom themselves, so a forged copy of one of these has nothing to click.
 */
export function googleLinkedMail(to: string): MailMessage {
  return {
    to,
    subject: "Your Heirloom account now signs in with Google",
    text: [
      "Someone just signed in to Heirloom with the Google account for this address, and it is now linked to your",
      "Heirloom account.",
      "",
      "This address had not been confirmed yet, so to keep the account safe we removed the password it had, signed",
      "out every session and cancelled any pending password-reset or confirmation link. Sign in with Google from now",
      'on; you can set a new password with "Forgot password" on the sign-in page.',
      "",
      "If you did not sign in with Google just now, reset your Google password and contact us.",
      "",
      "— Heirloom",
    ].join("\n"),
  };
}
