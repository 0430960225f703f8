import { escapeHtml, type MailMessage } from "../../lib/mail/mailer";
import { plainLine, subjectFirstName, withoutUrls } from "../../lib/mail/safe-text";

type Person = { firstName: string | null; lastName: string | null; email: string };

const fullName = (p: Person) =>
  withoutUrls([p.firstName, p.lastName].filter(Boolean).join(" ")).slice(0, 120) || plainLine(p.email);

function mail(to: string, subject: string, paragraphs: string[], url: string): MailMessage {
  const [first, ...rest] = paragraphs;
  return {
    to,
    subject,
    text: `${first}\n\n${url}\n\n${rest.join("\n\n")}\n\n— Heirloom`,
    html: [
      `<p>${escapeHtml(first)}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
      ...rest.map((p) => `<p>${escapeHtml(p)}</p>`),
      "<p>— Heirloom</p>",
    ].join(""),
  };
}

/**
 * The beneficiary's release e-mail: who released something to them and the link. The owner's message is shown on
 * the release page only, never here (contract). `test` is the owner's own preview ("test this trigger").
 */
export function releaseMail(m: {
  to: string;
  owner: Person;
  beneficiaryFirstName: string;
  url: string;
  expiresInDays: number;
  test?: boolean;
}): MailMessage {
  const owner = fullName(m.owner);
  const first = withoutUrls(m.beneficiaryFirstName).slice(0, 100);
  const body = [
    `Hello ${first}, ${owner} arranged for some of their records to reach you through Heirloom. Open them here (no account needed):`,
    `The link works for ${m.expiresInDays} days. Please keep it to yourself: anyone holding it can open the release.`,
  ];
  const subject = `${subjectFirstName(m.owner.firstName, "Someone")} left something for you on Heirloom`;
  if (!m.test) return mail(m.to, subject, body, m.url);
  const note =
    `TEST — this is a preview of the message your beneficiary ${first} would receive. Nothing has been released, ` +
    "and the link opens a preview only you receive.";
  return mail(m.to, `[Test] ${subject}`, [note, ...body], m.url);
}

/** The owner's inactivity warning with its single-use check-in link. */
export function warningMail(m: { to: string; firstName: string | null; dueAt: string; url: string }): MailMessage {
  const first = subjectFirstName(m.firstName, "there");
  return mail(
    m.to,
    "Are you still there? Your Heirloom inactivity trigger is approaching",
    [
      `Hello ${first}, we have not seen you on Heirloom for a while. If nothing changes, your inactivity trigger will ` +
        `release your chosen records to your beneficiary on ${m.dueAt}. To tell us you are still here, open this link and press the button:`,
      "Signing in to Heirloom counts too. If you meant this to happen, you need do nothing.",
    ],
    m.url,
  );
}

/** The SMS form of the warning: short, the link in full. */
export function warningSms(m: { dueAt: string; url: string }): string {
  return `Heirloom: your inactivity trigger releases your records on ${m.dueAt}. Still here? Check in: ${m.url}`;
}
