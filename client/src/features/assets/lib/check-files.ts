import { ACCEPTED_EXTENSIONS, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from "@shared/asset-types";
import { formatBytes } from "@shared/format";

/** For the file input's `accept`: ".pdf,.doc,…". */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(",");

export const ACCEPTED_LIST = ACCEPTED_EXTENSIONS.map((ext) => ext.toUpperCase()).join(", ");

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export type FileCheck = { accepted: File[]; problems: string[] };

/**
 * Client-side check before anything is sent (spec 000 §5): accepted extensions, 100 MB per file, at most
 * MAX_FILES_PER_UPLOAD in the list. The server checks again, content included.
 */
export function checkFiles(candidates: readonly File[], alreadySelected: number): FileCheck {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of candidates) {
    if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
      problems.push(`${file.name}: this file type is not accepted. Use ${ACCEPTED_LIST}.`);
    } else if (file.size > MAX_FILE_BYTES) {
      problems.push(
        `${file.name} is ${formatBytes(file.size)}; each file may be at most ${formatBytes(MAX_FILE_BYTES)}.`,
      );
    } else if (file.size === 0) {
      problems.push(`${file.name} is empty.`);
    } else if (alreadySelected + accepted.length >= MAX_FILES_PER_UPLOAD) {
      problems.push(`${file.name} was not added: choose at most ${MAX_FILES_PER_UPLOAD} files at a time.`);
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}
