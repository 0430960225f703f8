/**
 * User text that may reach a message we send from our own domain. A name is the only user text a Subject may hold,
 * and only a first name, so the product cannot be used to send "Your bank http://phish.example" from us.
 */

/** Control, format (bidi overrides, zero-width) and line-break characters become spaces; whitespace collapses. */
export function plainLine(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Anything a mail client could turn into a link: a scheme (`://`), `www.`, an address, or a dotted domain. */
export function isUrlLike(word: string): boolean {
  return (
    word.includes("://") || /^www\./i.test(word) || word.includes("@") || /[\p{L}\p{N}-]\.[\p{L}\p{N}-]{2,}/u.test(word)
  );
}

/** The words of `value` with every URL-like word removed: for names shown in a message body. */
export function withoutUrls(value: string): string {
  return plainLine(value)
    .split(" ")
    .filter((word) => word && !isUrlLike(word))
    .join(" ");
}

/**
 * The first word of a name that could be a name (letters, combining marks, apostrophes, hyphens), at most 40
 * characters, or `fallback`. Digits go too, so no phone number reaches a Subject.
 */
export function subjectFirstName(value: string | null | undefined, fallback: string): string {
  for (const word of withoutUrls(value ?? "").split(" ")) {
    const name = word.replace(/[^\p{L}\p{M}'’-]/gu, "").slice(0, 40);
    if (/\p{L}/u.test(name)) return name;
  }
  return fallback;
}

/** The owner as a mail to someone else names them in its body: full name without URL-like words, or the address. */
export function ownerDisplayName(owner: { firstName: string | null; lastName: string | null; email: string }): string {
  return (
    withoutUrls([owner.firstName, owner.lastName].filter(Boolean).join(" ")).slice(0, 120) || plainLine(owner.email)
  );
}
