import { escapeHtml, type MailMessage } from "../../lib/mail/mailer";

/** invoice.payment_failed: the plan stays until the period ends, so the user has time to fix the card. */
export function paymentFailedMail(to: string, firstName: string | null, manageUrl: string): MailMessage {
  const greeting = firstName ? `Hello ${firstName},` : "Hello,";
  const body =
    "we could not take the latest payment for your Heirloom subscription. Your plan stays active until the end of " +
    "the current billing period; please update your payment details before then to keep it.";
  return {
    to,
    subject: "Your Heirloom payment failed",
    text: `${greeting}\n\n${body}\n\nManage your subscription: ${manageUrl}\n\n— Heirloom`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(manageUrl)}">Manage your subscription</a></p><p>— Heirloom</p>`,
  };
}
