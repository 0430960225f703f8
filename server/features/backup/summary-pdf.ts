import { ASSET_KINDS, humanize, type TypedAssetKind } from "@shared/asset-types";
import type { BackupDocument } from "@shared/backup-format";
import { formatBytes } from "@shared/format";
import { renderSummaryPdf, type Column, type SummaryWriter } from "./summary-pdf-writer";

type Assets = BackupDocument["assets"];
type Cell = (row: Record<string, unknown>) => string;
type TableSpec = { columns: Column[]; cells: Cell[] };

const MASK = "••••";

/** Printable, so secrets show only their last 4 characters (a fixed-width mask: the length is not revealed). */
export function maskSecret(value: unknown): string {
  if (typeof value !== "string" || value === "") return "—";
  const chars = Array.from(value);
  return chars.length <= 4 ? MASK : `${MASK}${chars.slice(-4).join("")}`;
}

const plain =
  (key: string): Cell =>
  (row) => {
    const value = row[key];
    return typeof value === "string" || typeof value === "number" ? String(value) : "—";
  };
const masked =
  (key: string): Cell =>
  (row) =>
    maskSecret(row[key]);
const kindOf =
  (key: string): Cell =>
  (row) =>
    typeof row[key] === "string" ? humanize(row[key] as string) : "—";

function col(header: string, width: number): Column {
  return { header, width };
}

/** Per asset type: the columns a relative needs to find the asset; every sensitive column is masked. */
function tableSpec(kind: TypedAssetKind, assignee: Cell): TableSpec {
  const title = col("Title", 0.22);
  const type = col("Type", 0.14);
  const owner = col("Assigned to", 0.18);
  switch (kind) {
    case "online_accounts":
      return {
        columns: [col("Account", 0.2), type, col("Platform", 0.16), col("Username", 0.16), col("Email", 0.16), owner],
        cells: [
          plain("accountName"),
          kindOf("accountType"),
          plain("platform"),
          masked("username"),
          plain("email"),
          assignee,
        ],
      };
    case "intellectual_property":
      return {
        columns: [title, type, col("Registration no.", 0.16), col("Registrar", 0.16), col("Value", 0.14), owner],
        cells: [
          plain("title"),
          kindOf("assetType"),
          plain("registrationNumber"),
          plain("registrar"),
          plain("value"),
          assignee,
        ],
      };
    case "financial_assets":
      return {
        columns: [
          col("Account", 0.22),
          type,
          col("Institution", 0.16),
          col("Account no.", 0.16),
          col("Value", 0.14),
          owner,
        ],
        cells: [
          plain("accountName"),
          kindOf("assetType"),
          plain("institution"),
          masked("accountNumber"),
          plain("currentValue"),
          assignee,
        ],
      };
    case "physical_assets":
      return {
        columns: [col("Name", 0.22), type, col("Location", 0.16), col("Access codes", 0.16), col("Value", 0.14), owner],
        cells: [
          plain("name"),
          kindOf("assetType"),
          plain("location"),
          masked("accessCodes"),
          plain("currentValue"),
          assignee,
        ],
      };
    case "digital_content":
      return {
        columns: [title, type, col("Stored at", 0.16), col("Access info", 0.16), col("Value", 0.14), owner],
        cells: [
          plain("title"),
          kindOf("contentType"),
          plain("storageLocation"),
          masked("accessInfo"),
          plain("value"),
          assignee,
        ],
      };
    case "personal_documents":
      return {
        columns: [title, type, col("Issued by", 0.16), col("Document no.", 0.16), col("Expires", 0.14), owner],
        cells: [
          plain("title"),
          kindOf("documentType"),
          plain("issuingAuthority"),
          masked("documentNumber"),
          plain("expirationDate"),
          assignee,
        ],
      };
  }
}

const TYPED_ORDER: readonly TypedAssetKind[] = [
  "financial_assets",
  "physical_assets",
  "online_accounts",
  "intellectual_property",
  "digital_content",
  "personal_documents",
];

function drawCover(w: SummaryWriter, backup: BackupDocument, generatedAt: Date) {
  const { profile } = backup;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ") || profile.email;
  w.title("Estate summary");
  w.field("Prepared for", name);
  w.field("E-mail", profile.email);
  w.field("Date", generatedAt.toISOString().slice(0, 10));
  const typedCount = TYPED_ORDER.reduce((sum, kind) => sum + backup.assets[kind].length, 0);
  w.field("Beneficiaries", backup.beneficiaries.length);
  w.field("Assets", `${typedCount} recorded, ${backup.assets.files.length} uploaded files`);
  w.note(
    "A printable overview from Heirloom. Secret values (account numbers, access codes, usernames) show only their " +
      "last 4 characters; the JSON or ZIP backup holds them in full. Keep this document somewhere safe.",
  );
}

function drawWill(w: SummaryWriter, backup: BackupDocument) {
  w.heading("Digital will");
  const active = backup.wills.find((will) => will.isActive);
  if (!active) return void w.note("No will has been saved yet.");
  w.field("Title", active.title);
  w.field("Version", `${active.version} (current), saved ${active.createdAt.slice(0, 10)}`);
  w.paragraph(active.content);
  if (backup.wills.length > 1) w.note(`${backup.wills.length - 1} earlier version(s) are archived in the backup.`);
  drawSignedWill(w, backup);
}

/** Issue 20: how the current signed will was executed, and where its original is kept. */
function drawSignedWill(w: SummaryWriter, backup: BackupDocument) {
  const executed = (backup.willExecutions ?? []).find((e) => e.status === "executed");
  if (!executed) return void w.note("No signed will has been recorded.");
  const version = backup.wills.find((will) => will.id === executed.willId)?.version;
  w.heading("Signed will");
  w.field("Version signed", version === undefined ? "—" : String(version));
  w.field("Signed on", executed.signedOn ?? executed.executedAt?.slice(0, 10) ?? "—");
  w.field("Place", executed.place || "—");
  w.field("Testator", executed.testatorName || "—");
  w.field("Witnesses", executed.witnesses.map((x) => x.fullName).join(", ") || "—");
  w.field("Original kept", executed.originalLocation ?? "Not recorded");
}

/** Issue 16: the people who may report the owner's death: names, e-mails, relationship, status (no numbers). */
function drawTrustedParties(w: SummaryWriter, backup: BackupDocument) {
  w.heading("Trusted parties");
  w.table(
    [col("Name", 0.3), col("E-mail", 0.34), col("Relationship", 0.18), col("Status", 0.18)],
    (backup.trustedParties ?? []).map((p) => [
      p.trustedPersonName,
      p.trustedPersonEmail,
      humanize(p.relationship),
      humanize(p.status),
    ]),
  );
}

function drawAssets(w: SummaryWriter, assets: Assets, assignee: Cell) {
  for (const kind of TYPED_ORDER) {
    w.heading(ASSET_KINDS[kind].label);
    const spec = tableSpec(kind, assignee);
    const rows = assets[kind] as unknown as Record<string, unknown>[];
    w.table(
      spec.columns,
      rows.map((row) => spec.cells.map((cell) => cell(row))),
    );
  }
  w.heading("Uploaded files");
  w.table(
    [col("File", 0.36), col("Category", 0.16), col("Size", 0.12), col("Added", 0.14), col("Assigned to", 0.22)],
    assets.files.map((f) => [
      f.originalFileName,
      humanize(f.category),
      formatBytes(f.fileSize),
      f.createdAt.slice(0, 10),
      assignee(f),
    ]),
  );
}

/**
 * The printable estate summary (issue 5): cover with the owner's name and the date, the active will, beneficiaries,
 * each asset type as a table with secrets masked, the uploaded files, page numbers. Never raw JSON.
 */
export function buildSummaryPdf(backup: BackupDocument, generatedAt: Date): Promise<Buffer> {
  const names = new Map(backup.beneficiaries.map((b) => [b.id, `${b.firstName} ${b.lastName}`]));
  const assignee: Cell = (row) => {
    const id = row.assignedToBeneficiary;
    return typeof id === "number" ? (names.get(id) ?? "—") : "Not assigned";
  };
  const date = generatedAt.toISOString().slice(0, 10);
  return renderSummaryPdf(
    { title: "Estate summary", generatedAt, footer: `Heirloom estate summary · ${date}` },
    (w) => {
      drawCover(w, backup, generatedAt);
      drawWill(w, backup);
      w.heading("Beneficiaries");
      w.table(
        [col("Name", 0.3), col("E-mail", 0.34), col("Relationship", 0.18), col("Status", 0.18)],
        backup.beneficiaries.map((b) => [
          `${b.firstName} ${b.lastName}`,
          b.email,
          humanize(b.relationship),
          humanize(b.status),
        ]),
      );
      drawTrustedParties(w, backup);
      drawAssets(w, backup.assets, assignee);
    },
  );
}
