import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import type { AcceptedExtension } from "./file-names";

/** file-type needs at most this many leading bytes for every format we accept (its own `reasonableDetectionSizeInBytes`). */
export const SNIFF_BYTES = 4100;

type ContentRule = { detected: readonly string[]; mime: string };

/**
 * What the first bytes must look like for each accepted extension, and the MIME type we store and serve. The
 * stored type comes from this table, never from the client's Content-Type. A legacy .doc is an OLE compound
 * file (`cfb`); a .docx is a zip whose parts say it is a Word document (file-type reports `docx`).
 */
const CONTENT_RULES: Record<AcceptedExtension, ContentRule> = {
  pdf: { detected: ["pdf"], mime: "application/pdf" },
  doc: { detected: ["cfb"], mime: "application/msword" },
  docx: {
    detected: ["docx"],
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  jpg: { detected: ["jpg"], mime: "image/jpeg" },
  jpeg: { detected: ["jpg"], mime: "image/jpeg" },
  png: { detected: ["png"], mime: "image/png" },
  gif: { detected: ["gif"], mime: "image/gif" },
  mp4: { detected: ["mp4", "m4v"], mime: "video/mp4" },
  mov: { detected: ["mov"], mime: "video/quicktime" },
  avi: { detected: ["avi"], mime: "video/x-msvideo" },
};

/**
 * Checks the leading bytes of an upload against its extension (UPL-02). Answers the MIME type to store, or
 * undefined when the content is something else (HTML, an executable, a PNG named .pdf, an empty file…).
 */
export async function verifiedMimeType(ext: AcceptedExtension, head: Buffer): Promise<string | undefined> {
  const rule = CONTENT_RULES[ext];
  const detected = await fileTypeFromBuffer(head);
  return detected && rule.detected.includes(detected.ext) ? rule.mime : undefined;
}

/** Extensions whose pixel size is checked before anything is stored (UPL-02: pixel flood). */
export const IMAGE_EXTENSIONS: ReadonlySet<AcceptedExtension> = new Set(["jpg", "jpeg", "png", "gif"]);
/** 150 megapixels: a 50 MP phone photo, an A3 scan at 600 dpi and panoramas pass; a 20 000 × 20 000 flood does not. */
export const MAX_IMAGE_PIXELS = 150_000_000;
/**
 * How far into an image its size is looked for. PNG and GIF carry it in their first bytes; a JPEG's frame header
 * follows its metadata segments (EXIF ≤ 64 KiB, ICC profiles), so up to 1 MiB is held back, bounded per file.
 */
export const IMAGE_HEAD_BYTES = 1024 * 1024;

/** Width and height from an image's leading bytes, or undefined while they are not (yet) readable. */
export function imageDimensions(head: Buffer): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(head);
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
