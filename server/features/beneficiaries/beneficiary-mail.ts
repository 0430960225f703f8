import { escapeHtml, type MailMessage } from "../../lib/mail/mailer";

/** Names come from users: no line breaks or control characters in anything that may reach a header (INJ-04). */
function oneLine(value: string): string {
  return value
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export type VerificationMailInput = {
  to: string;
  beneficiaryFirstName: string;
  ownerName: string;
  url: string;
  expiresInDays: number;
};

/** Asks the named beneficiary to confirm; names are escaped in the HTML part and flattened in the subject. */
export function beneficiaryVerificationMail(m: VerificationMailInput): MailMessage {
  const owner = oneLine(m.ownerName).slice(0, 120) || "A Heirloom user";
  const first = oneLine(m.beneficiaryFirstName).slice(0, 100);
  const intro = `Hello ${first}, ${owner} has named you as a beneficiary in their Heirloom estate plan.`;
  const ask = `Please confirm your e-mail address by opening this link. It works once and expires in ${m.expiresInDays} days:`;
  const outro = "If you do not know this person, you can ignore this message: nothing happens unless you confirm.";
  return {
    to: m.to,
    subject: `${owner} named you as a beneficiary on Heirloom`,
    text: `${intro}\n\n${ask}\n\n${m.url}\n\n${outro}\n\n— Heirloom`,
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(ask)}</p>`,
      `<p><a href="${escapeHtml(m.url)}">${escapeHtml(m.url)}</a></p>`,
      `<p>${escapeHtml(outro)}</p><p>— Heirloom</p>`,
    ].join(""),
  };
}
