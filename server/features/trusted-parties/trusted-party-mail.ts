import type { MailMessage } from "../../lib/mail/mailer";
import { ownerDisplayName, subjectFirstName, withoutUrls } from "../../lib/mail/safe-text";
import { onBehalfLinkMail } from "../../lib/mail/templates";

export type InvitationMailInput = {
  to: string;
  partyName: string;
  owner: { firstName: string | null; lastName: string | null; email: string };
  url: string;
  expiresInHours: number;
};

/**
 * Invites a trusted party. Sent to someone else on a user's behalf, so user text is kept down as in the beneficiary
 * mail (ABUSE-03, INJ-04): the Subject holds the owner's first name at most, names lose anything URL-like.
 */
export function trustedPartyInvitationMail(m: InvitationMailInput): MailMessage {
  const ownerFirst = subjectFirstName(m.owner.firstName, "An Heirloom user");
  const ownerFull = ownerDisplayName(m.owner);
  const name = withoutUrls(m.partyName).slice(0, 100);
  const intro = `Hello ${name}, ${ownerFull} has named you as a trusted party in their Heirloom estate plan: someone who may report their death so that their wishes can be carried out.`;
  const ask = `To accept, open this link and sign in (or create a free account) with this e-mail address. It expires in ${m.expiresInHours / 24} days:`;
  const outro = "If you do not know this person, you can ignore this message: nothing happens unless you accept.";
  return onBehalfLinkMail({
    to: m.to,
    subject: `${ownerFirst} named you as a trusted party on Heirloom`,
    intro,
    ask,
    url: m.url,
    outro,
  });
}
