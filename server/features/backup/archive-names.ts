import { UPLOAD_CATEGORIES } from "@shared/asset-types";
import { sanitizeFileName } from "../../lib/files/file-names";

/** Characters Windows refuses in a file name; a ZIP must extract anywhere. */
const WINDOWS_INVALID = /[<>:"|?*]/g;
/** Device names Windows reserves whatever the extension (CON, NUL.txt, COM1…). */
const RESERVED = new Set(["con", "prn", "aux", "nul", ..."123456789".split("").flatMap((n) => [`com${n}`, `lpt${n}`])]);
/** Most file systems allow 255 bytes; this leaves room for a " (12)" duplicate suffix. */
const MAX_NAME_BYTES = 200;
const FALLBACK = "file";

function splitExtension(name: string): { base: string; ext: string } {
  const dot = name.lastIndexOf(".");
  return dot > 0 && name.length - dot <= 10
    ? { base: name.slice(0, dot), ext: name.slice(dot) }
    : { base: name, ext: "" };
}

function truncateToBytes(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name) <= maxBytes) return name;
  const { base, ext } = splitExtension(name);
  const chars = Array.from(base); // by code point: a surrogate pair is never cut in half
  while (chars.length > 0 && Buffer.byteLength(chars.join("") + ext) > maxBytes) chars.pop();
  return chars.join("") + ext;
}

/**
 * A file's display name made safe as one ZIP entry segment (EXP-01): the upload sanitiser (last path segment only,
 * no control, bidi or zero-width characters, no leading dots, so never `..` or an absolute path), then no
 * characters or device names Windows refuses, no trailing dots or spaces, at most 200 UTF-8 bytes. Idempotent.
 */
export function archiveFileName(raw: string): string {
  const cleaned = sanitizeFileName(raw).replace(WINDOWS_INVALID, "_");
  const named = RESERVED.has(cleaned.split(".")[0].toLowerCase()) ? `_${cleaned}` : cleaned;
  const fitted = truncateToBytes(named, MAX_NAME_BYTES).replace(/[. ]+$/, "");
  return fitted || FALLBACK;
}

/** Case-insensitive, composed: two names that would land on one file on macOS or Windows collide here too. */
function collisionKey(path: string): string {
  return path.normalize("NFC").toLowerCase();
}

/**
 * `files/<category>/<safe name>` for each file, in order; a name already taken in its folder becomes
 * "name (2).pdf", "name (3).pdf"… The order of the input decides which copy keeps the plain name.
 */
export function assignArchivePaths(files: readonly { category: string; originalFileName: string }[]): string[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const name = archiveFileName(file.originalFileName);
    const { base, ext } = splitExtension(name);
    let candidate = `files/${file.category}/${name}`;
    for (let n = 2; taken.has(collisionKey(candidate)); n += 1) {
      candidate = `files/${file.category}/${base} (${n})${ext}`;
    }
    taken.add(collisionKey(candidate));
    return candidate;
  });
}

/**
 * True for a path this server could have written: `files/<upload category>/<name>` where the name is already in
 * its safe form. Used on import, where every archivePath of backup.json is attacker-controlled.
 */
export function isSafeArchivePath(path: string): boolean {
  const parts = path.split("/");
  if (parts.length !== 3 || parts[0] !== "files") return false;
  if (!(UPLOAD_CATEGORIES as readonly string[]).includes(parts[1])) return false;
  return parts[2] === archiveFileName(parts[2]);
}

/** True when some two paths would extract onto the same file. */
export function hasCollidingPaths(paths: readonly string[]): boolean {
  return new Set(paths.map(collisionKey)).size !== paths.length;
}
