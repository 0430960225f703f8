import { escapeHtml, type MailMessage } from "./mailer";

function linkMail(to: string, subject: string, intro: string, url: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${url}\n\n${outro}\n\n— Heirloom`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(outro)}</p><p>— Heirloom</p>`,
  };
}

/**
 * A mail sent on a user's behalf to someone else with a link to act on (a beneficiary to confirm, a trusted party or
 * an agent's client to accept): who asks, what to do, the link, and why it is safe to ignore. The caller has already
 * kept the user text down (safe-text.ts); every part is escaped in the HTML.
 */
export function onBehalfLinkMail(m: {
  to: string;
  subject: string;
  intro: string;
  ask: string;
  url: string;
  outro: string;
}): MailMessage {
  return {
    to: m.to,
    subject: m.subject,
    text: `${m.intro}\n\n${m.ask}\n\n${m.url}\n\n${m.outro}\n\n— Heirloom`,
    html: [
      `<p>${escapeHtml(m.intro)}</p>`,
      `<p>${escapeHtml(m.ask)}</p>`,
      `<p><a href="${escapeHtml(m.url)}">${escapeHtml(m.url)}</a></p>`,
      `<p>${escapeHtml(m.outro)}</p><p>— Heirloom</p>`,
    ].join(""),
  };
}

export function verifyEmailMail(to: string, firstName: string, url: string): MailMessage {
  return linkMail(
    to,
    "Confirm your Heirloom e-mail address",
    `Hello ${firstName}, please confirm your e-mail address for Heirloom by opening this link:`,
    url,
    "If you did not create an account, you can ignore this message.",
  );
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Reset your Heirloom password",
    "Someone asked to reset the password of your Heirloom account. The link works once, for one hour:",
    url,
    "If it was not you, ignore this message: your password stays as it is.",
  );
}

export function passwordChangedMail(to: string): MailMessage {
  return {
    to,
    subject: "Your Heirloom password was changed",
    text: "The password of your Heirloom account was just changed and every other session was signed out.\nIf this was not you, reset your password at once.\n\n— Heirloom",
  };
}
