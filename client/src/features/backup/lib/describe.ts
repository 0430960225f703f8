import type { ExportFormat, RestoreCounts } from "@shared/backup-format";

export const FORMAT_OPTIONS: readonly { value: ExportFormat; label: string; description: string }[] = [
  { value: "json", label: "JSON", description: "All your records, complete and machine-readable. Restorable." },
  { value: "pdf", label: "PDF", description: "A printable estate summary for your family. Secrets are masked." },
  { value: "zip", label: "ZIP", description: "Everything: the JSON, the PDF and all your uploaded files. Restorable." },
];

const COUNT_LABELS: Record<keyof RestoreCounts, [string, string]> = {
  beneficiaries: ["beneficiary", "beneficiaries"],
  wills: ["will version", "will versions"],
  files: ["uploaded file", "uploaded files"],
  onlineAccounts: ["online account", "online accounts"],
  intellectualProperty: ["intellectual property record", "intellectual property records"],
  financialAssets: ["financial asset", "financial assets"],
  physicalAssets: ["physical asset", "physical assets"],
  digitalContent: ["digital content record", "digital content records"],
  personalDocuments: ["personal document", "personal documents"],
  trustedParties: ["trusted party", "trusted parties"],
};

/** "2 beneficiaries", "1 will version"… for every non-zero count, in a fixed order. */
export function describeCounts(counts: RestoreCounts): string[] {
  return (Object.keys(COUNT_LABELS) as (keyof RestoreCounts)[])
    .filter((key) => counts[key] > 0)
    .map((key) => `${counts[key]} ${counts[key] === 1 ? COUNT_LABELS[key][0] : COUNT_LABELS[key][1]}`);
}

export function totalCount(counts: RestoreCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
