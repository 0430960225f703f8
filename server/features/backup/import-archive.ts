import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type yauzl from "yauzl";
import { formatBytes } from "@shared/format";
import { AppError, paymentRequired } from "../../lib/app-error";
import { optionalModule } from "../../lib/optional-module";
import type { Spool } from "./spool";

const MiB = 1024 * 1024;

/** Limits on a restore archive (UPL-07), all checked from the ZIP directory before one byte is inflated. */
export const ARCHIVE_LIMITS = {
  maxEntries: 10_000,
  maxTotalBytes: 2 * 1024 * MiB,
  /** backup.json is parsed whole; see restoreJsonLimit for the limit of one account. */
  maxJsonBytes: 32 * MiB,
  minJsonBytes: 4 * MiB,
  /** summary.pdf and the ZIP's own headers ride on top of the files and backup.json. */
  summaryAllowanceBytes: 24 * MiB,
  /**
   * An entry over 1 MiB may unpack to at most 1000× its packed size. Deflate tops out near 1032:1, reached only by
   * long runs of one byte, the stuff of zip bombs; our own exports of compressible files (text-like .doc files,
   * ~135× at level 1) stay well below. The size limits above are what bound the damage; this refuses the obvious early.
   */
  maxRatio: 1000,
  ratioFloorBytes: 1024 * 1024,
} as const;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const UNSAFE_NAME = /invalid relative path|absolute path|invalid characters in fileName/;

/**
 * The largest backup.json an account may restore: its storage limit, within [4 MiB, 32 MiB]. A restore parses
 * backup.json whole and holds every record until its commit, at about six times the file's size in server memory
 * (docs/BENCHMARKS.md, "Restore"), so the limit follows what the account pays for: 10 MiB on Freemium (~70 MB at
 * the peak), 32 MiB on a paid plan (~180 MB) — far above any estate's own export (a seeded one is ~20 KB; 10 000
 * records of every kind at typical sizes, ~30 MB).
 */
export function restoreJsonLimit(storageLimit: number): number {
  return Math.min(ARCHIVE_LIMITS.maxJsonBytes, Math.max(ARCHIVE_LIMITS.minJsonBytes, storageLimit));
}

/** What a restore archive may hold beyond the files the free storage must take: backup.json and summary.pdf. */
export function restoreSlackBytes(storageLimit: number): number {
  return restoreJsonLimit(storageLimit) + ARCHIVE_LIMITS.summaryAllowanceBytes;
}

function jsonTooLarge(limit: number): AppError {
  const size = formatBytes(limit);
  return limit < ARCHIVE_LIMITS.maxJsonBytes
    ? paymentRequired(
        `This backup's backup.json is larger than your plan restores (${size}). ` +
          "Upgrade your plan or buy more storage to restore it.",
      )
    : new AppError(413, `backup.json may be at most ${size}.`);
}

export type BackupSource = {
  kind: "json" | "zip";
  /** Declared unpacked bytes of every entry (0 for a JSON backup). */
  totalBytes: number;
  readBackupJson(): Promise<string>;
  /** Bytes and stream of the entry at exactly `name`; undefined when the archive has no such entry. */
  openEntry(name: string): Promise<{ size: number; stream: Readable } | undefined>;
  close(): void;
};

const refused = (message: string) => new AppError(400, message);

/** yauzl loads with the first restore of a ZIP, not at start-up (restores are rare). */
const loadYauzl = optionalModule<typeof yauzl>("yauzl");

function spoolReader(spool: Spool): yauzl.RandomAccessReader {
  class SpoolReader extends loadYauzl().RandomAccessReader {
    override _readStreamForRange(start: number, end: number): Readable {
      return spool.readRange(start, end);
    }
  }
  return new SpoolReader();
}

/**
 * The stream as text, refused (`tooLarge`) as soon as it passes `maxBytes`. Each piece is decoded as it arrives, so
 * the bytes are never held beside the text (the spool hands out 2 MiB pieces).
 */
async function readText(stream: Readable, maxBytes: number, tooLarge: () => AppError): Promise<string> {
  const decoder = new StringDecoder("utf8");
  const parts: string[] = [];
  let total = 0;
  for await (const part of stream) {
    total += (part as Buffer).length;
    if (total > maxBytes) {
      stream.destroy();
      throw tooLarge();
    }
    parts.push(decoder.write(part as Buffer));
  }
  parts.push(decoder.end());
  return parts.join("");
}

function isSymlink(entry: yauzl.Entry): boolean {
  const madeOnUnix = entry.versionMadeBy >> 8 === 3;
  return madeOnUnix && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

/** Refuses an entry that is a link, encrypted, oddly packed, or inflates suspiciously well. */
function checkEntry(entry: yauzl.Entry): void {
  if (isSymlink(entry)) throw refused("The archive contains a symbolic link, so it was refused.");
  if (entry.isEncrypted()) throw refused("The archive contains encrypted entries, which a Heirloom backup never has.");
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw refused("The archive uses a compression method a Heirloom backup never uses.");
  }
  const { uncompressedSize: unpacked, compressedSize: packed } = entry;
  if (unpacked > ARCHIVE_LIMITS.ratioFloorBytes && unpacked > Math.max(packed, 1) * ARCHIVE_LIMITS.maxRatio) {
    throw refused(
      "The archive looks like a zip bomb (an entry unpacks to over 1000 times its size), so it was refused.",
    );
  }
}

async function openZip(spool: Spool): Promise<yauzl.ZipFile> {
  try {
    return await loadYauzl().fromRandomAccessReaderPromise(spoolReader(spool), spool.size, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: true,
      decodeStrings: true,
    });
  } catch {
    throw refused("The file is not a readable ZIP archive.");
  }
}

/**
 * Reads a restore ZIP from its spool the safe way (yauzl, lazy entries, sizes validated while inflating): the entry
 * count, each name (no `..`, absolute path or backslash — yauzl refuses them), links, ratios and the declared total
 * are checked from the directory first, so a zip bomb is refused before anything inflates. Entries are later
 * opened only by an exact name the caller asks for; nothing is ever written by an entry's own path.
 */
export async function openZipSource(spool: Spool, limits: SourceLimits): Promise<BackupSource> {
  const { quotaBytes, maxJsonBytes } = limits;
  const zip = await openZip(spool);
  zip.on("error", () => undefined); // errors surface through eachEntry and openReadStream
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) {
      throw refused(`The archive has ${zip.entryCount} entries; a backup may have at most 10000.`);
    }
    const entries = new Map<string, yauzl.Entry>();
    let totalBytes = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        checkEntry(entry);
        totalBytes += entry.uncompressedSize;
        if (totalBytes > ARCHIVE_LIMITS.maxTotalBytes) {
          throw refused("The archive unpacks to more than 2 GB, more than this app restores at once.");
        }
        if (totalBytes > quotaBytes) throw storageShort();
        if (entries.has(entry.fileName)) throw refused("The archive lists the same entry twice, so it was refused.");
        if (!entry.fileName.endsWith("/")) entries.set(entry.fileName, entry);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof Error && UNSAFE_NAME.test(err.message)) {
        throw refused("The archive contains an entry with an unsafe path (../, an absolute path or a backslash).");
      }
      throw refused("The ZIP archive is damaged.");
    }
    const manifest = entries.get("backup.json");
    if (!manifest) throw refused("backup.json is missing: this is not a Heirloom backup archive.");
    const open = async (entry: yauzl.Entry) => {
      try {
        return await zip.openReadStreamPromise(entry);
      } catch {
        throw refused("The ZIP archive is damaged.");
      }
    };
    return {
      kind: "zip",
      totalBytes,
      readBackupJson: async () => {
        if (manifest.uncompressedSize > maxJsonBytes) throw jsonTooLarge(maxJsonBytes);
        return readText(await open(manifest), maxJsonBytes, () => jsonTooLarge(maxJsonBytes));
      },
      async openEntry(name) {
        const entry = entries.get(name);
        return entry ? { size: entry.uncompressedSize, stream: await open(entry) } : undefined;
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** The archive unpacks to more than the user's free storage (plus slack for backup.json and summary.pdf). */
function storageShort(): AppError {
  return new AppError(
    402,
    "This backup's files need more storage than your plan has free. Upgrade your plan or buy more storage to restore it.",
  );
}

/** A JSON backup: the spool is backup.json itself; it carries no file content. */
export function jsonSource(spool: Spool, maxJsonBytes: number): BackupSource {
  return {
    kind: "json",
    totalBytes: 0,
    readBackupJson: () => readText(spool.readRange(0, spool.size), maxJsonBytes, () => jsonTooLarge(maxJsonBytes)),
    openEntry: async () => undefined,
    close: () => undefined,
  };
}

/**
 * What one restore may read: `quotaBytes`, the unpacked bytes of the whole archive (the free storage plus
 * restoreSlackBytes); `maxJsonBytes`, backup.json (restoreJsonLimit).
 */
export type SourceLimits = { quotaBytes: number; maxJsonBytes: number };

/** ZIP by its local-header magic, JSON by its first visible character; anything else is not a backup. */
export async function openBackupSource(spool: Spool, limits: SourceLimits): Promise<BackupSource> {
  const head = await readText(spool.readRange(0, Math.min(spool.size, 64)), 64, () => refused("")).catch(() => "");
  if (head.startsWith("PK\u0003\u0004")) return openZipSource(spool, limits);
  if (/^\uFEFF?\s*\{/.test(head)) {
    // Refused by its size, before one byte of it is read back from the spool.
    if (spool.size > limits.maxJsonBytes) throw jsonTooLarge(limits.maxJsonBytes);
    return jsonSource(spool, limits.maxJsonBytes);
  }
  throw refused("Choose a .json or .zip backup made by Heirloom's export.");
}
