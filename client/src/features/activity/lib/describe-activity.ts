import type { ActivityDto } from "@shared/validators/notifications";

const EXPORT_FORMATS: Record<string, string> = { json: "JSON", pdf: "PDF summary", zip: "ZIP with every file" };

/** The event's subject in a few words from its details, when it recorded one (a name, a title). */
function named(e: ActivityDto): string {
  const d = e.details;
  const name = d.beneficiaryName ?? d.name ?? d.title;
  return typeof name === "string" && name ? ` (${name})` : "";
}

/**
 * Plain words for each audit action code: what happened, said to the owner. An action added later and not listed
 * here still reads as a sentence made from its code.
 */
const SENTENCES: Record<string, (e: ActivityDto) => string> = {
  login_succeeded: () => "You signed in",
  login_failed: (e) =>
    e.details.step === "reauth" ? "A password confirmation failed" : "A sign-in to your account failed",
  login_blocked: () => "Sign-ins to your account were paused after repeated failures",
  logout: () => "You signed out",
  password_reset_requested: () => "A password reset link was requested",
  password_reset: () => "Your password was reset",
  admin_promoted: () => "Your account became an administrator",
  export: (e) =>
    `You exported your data${e.target && EXPORT_FORMATS[e.target] ? ` (${EXPORT_FORMATS[e.target]})` : ""}`,
  trigger_created: (e) => `You created a release trigger${named(e)}`,
  trigger_cancelled: (e) => `A release trigger was cancelled${named(e)}`,
  trigger_fired: (e) => `A release trigger fired${named(e)}`,
  trigger_completed: (e) => `A release trigger completed${named(e)}`,
  trigger_tested: (e) => `You tested a release trigger${named(e)}`,
  trigger_warning_sent: () => "An inactivity warning was sent to you",
  check_in: () => "You checked in",
  release_created: (e) => `A release was sent to a beneficiary${named(e)}`,
  release_opened: (e) => `A beneficiary opened their release${named(e)}`,
  release_downloaded: (e) => `A beneficiary downloaded a released file${named(e)}`,
  release_revoked: (e) => `You revoked a release${named(e)}`,
  release_expired: (e) => `A release link expired${named(e)}`,
  beneficiary_verified: (e) => `A beneficiary confirmed their e-mail address${named(e)}`,
};

export function describeActivity(e: ActivityDto): string {
  const known = SENTENCES[e.action];
  if (known) return known(e);
  const words = e.action.replace(/[_.:-]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "Something happened";
}
