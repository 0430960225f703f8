import type { MailMessage } from "../../lib/mail/mailer";
import { ownerDisplayName, subjectFirstName, withoutUrls } from "../../lib/mail/safe-text";
import { onBehalfLinkMail } from "../../lib/mail/templates";

export type VerificationMailInput = {
  to: string;
  beneficiaryFirstName: string;
  owner: { firstName: string | null; lastName: string | null; email: string };
  url: string;
  expiresInDays: number;
};

/**
 * Asks the named beneficiary to confirm. This mail goes from our domain to someone else on a user's behalf, so user
 * text is kept down (ABUSE-03): the Subject holds the owner's first name at most; in the body the names lose
 * anything URL-like and control characters, and the HTML part escapes them (INJ-04).
 */
export function beneficiaryVerificationMail(m: VerificationMailInput): MailMessage {
  const ownerFirst = subjectFirstName(m.owner.firstName, "An Heirloom user");
  const ownerFull = ownerDisplayName(m.owner);
  const first = withoutUrls(m.beneficiaryFirstName).slice(0, 100);
  const intro = `Hello ${first}, ${ownerFull} has named you as a beneficiary in their Heirloom estate plan.`;
  const ask = `Please confirm your e-mail address by opening this link. It works once and expires in ${m.expiresInDays} days:`;
  const outro = "If you do not know this person, you can ignore this message: nothing happens unless you confirm.";
  return onBehalfLinkMail({
    to: m.to,
    subject: `${ownerFirst} named you as a beneficiary on Heirloom`,
    intro,
    ask,
    url: m.url,
    outro,
  });
}
