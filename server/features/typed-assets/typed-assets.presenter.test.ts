import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TYPED_ASSET_FIELDS } from "@shared/asset-types";
import { typedAssetSchemas } from "@shared/backup-format";
import { toRecord } from "../backup/export.service";
import { KINDS } from "./kinds";
import { typedAssetPresenter } from "./typed-assets.presenter";
import type { TypedRow } from "./typed-assets.queries";

/** Columns that are the server's own business: the owner and which columns were ciphertext at rest. */
const INTERNAL = ["userId", "encVersion"];

/** A full row of `kind` as a query would return it, plus internal columns and one a future migration might add. */
function rowOf(kind: (typeof KINDS)[number]) {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(getTableColumns(kind.table))) {
    row[key] = key.endsWith("At") ? new Date("2026-01-02T03:04:05.000Z") : key === "id" ? 7 : `${key}-value`;
  }
  return { ...row, userId: 42, encVersion: 1, internalNote: "CANARY-internal", blobKey: "CANARY-key" };
}

describe("typed-asset presenters are allow-lists (TYPED_ASSET_FIELDS)", () => {
  it("names every column of every kind once, in the table's order, except the internal ones", () => {
    for (const kind of KINDS) {
      const columns = Object.keys(getTableColumns(kind.table)).filter((key) => !INTERNAL.includes(key));
      expect(TYPED_ASSET_FIELDS[kind.kind], kind.kind).toEqual(columns);
      expect(
        new Set(TYPED_ASSET_FIELDS[kind.kind]),
        `${kind.kind}: the backup format describes the same fields`,
      ).toEqual(new Set(Object.keys(typedAssetSchemas[kind.kind].shape)));
    }
  });

  it("answers the API with the listed fields only: an extra or internal property of the row never appears", () => {
    for (const kind of KINDS) {
      const dto = typedAssetPresenter(kind.kind)(rowOf(kind) as unknown as TypedRow);
      expect(Object.keys(dto), kind.kind).toEqual([...TYPED_ASSET_FIELDS[kind.kind]]);
      expect(dto.createdAt).toBe("2026-01-02T03:04:05.000Z");
      expect(JSON.stringify(dto)).not.toMatch(/CANARY|internalNote|userId|encVersion/);
    }
  });

  it("writes backup records the same way: listed fields only, dates as ISO strings", () => {
    for (const kind of KINDS) {
      const record = toRecord(kind.kind, rowOf(kind));
      expect(Object.keys(record), kind.kind).toEqual([...TYPED_ASSET_FIELDS[kind.kind]]);
      expect(record.updatedAt).toBe("2026-01-02T03:04:05.000Z");
      expect(JSON.stringify(record)).not.toMatch(/CANARY|internalNote|userId|encVersion/);
    }
  });
});
