import { ACCEPTED_EXTENSIONS } from "@shared/asset-types";
import { stripInvisible } from "@shared/validators/common";

/** The column holds 255 characters; longer names are cut before the extension, which is kept. */
export const MAX_FILE_NAME_LENGTH = 255;
const FALLBACK_NAME = "file";
/** C0 and C1 control characters (NUL, CR, LF, ESC…): never part of a name a person typed. */
function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Every Unicode bidi control, U+061C (Arabic letter mark) included, which the shared text rule lacks (INJ-05). */
const BIDI_CONTROL = /\p{Bidi_Control}/gu;

export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

/**
 * Makes the user's file name safe to keep as data and to show back: only the last path segment (both slash
 * kinds, so `..\..\x.pdf` and `/abs.pdf` lose their folders), no control or bidi/zero-width characters, no
 * leading dots, at most 255 characters. The name never reaches a path or a storage key (keys are random).
 */
export function sanitizeFileName(raw: string | undefined): string {
  const lastSegment = (raw ?? "").split(/[/\\]/).pop() ?? "";
  const visible = Array.from(lastSegment.normalize("NFC"))
    .filter((char) => !isControl(char))
    .join("");
  const cleaned = stripInvisible(visible).replace(BIDI_CONTROL, "").trim().replace(/^\.+/, "");
  if (!cleaned) return FALLBACK_NAME;
  const chars = Array.from(cleaned); // by code point, so a surrogate pair is never cut in half
  if (chars.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return chars.slice(0, MAX_FILE_NAME_LENGTH - ext.length).join("") + ext;
}

/** The accepted extension of a (sanitised) name, lower-cased, or undefined when it has none we accept. */
export function acceptedExtensionOf(name: string): AcceptedExtension | undefined {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const ext = name.slice(dot + 1).toLowerCase();
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext) ? (ext as AcceptedExtension) : undefined;
}

/** RFC 5987 value characters: attr-char = ALPHA / DIGIT / "!#$&+-.^_`|~"; everything else percent-encoded. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="<ascii>"; filename*=UTF-8''<utf-8>` (RFC 6266): always an attachment, never inline.
 * The ASCII fallback drops quotes, backslashes, `%` and anything non-printable, so no header injection or
 * quoting trick survives; modern browsers use the exact UTF-8 name from `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const safe = sanitizeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}
