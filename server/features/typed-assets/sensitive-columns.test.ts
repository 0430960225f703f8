import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { ASSET_KINDS } from "@shared/asset-types";
import { digitalWills } from "@shared/schema";
import { cipherColumnsOf } from "../../lib/crypto/field-secrets";
import { BRANCHES } from "../asset-index/asset-index.queries";
import { WILL_SECRETS } from "../wills/will-secrets";
import { KINDS } from "./kinds";

/** Drizzle key → column, for one table. */
const columnsOf = (table: Parameters<typeof getTableColumns>[0]) =>
  getTableColumns(table) as unknown as Record<string, PgColumn>;

describe("which columns are encrypted (CRYPT-W4)", () => {
  it("encrypts every free-text (text) column of each asset kind, and only text columns, which ciphertext fits", () => {
    for (const kind of KINDS) {
      const columns = columnsOf(kind.table);
      const text = Object.keys(columns).filter((key) => columns[key].getSQLType() === "text");
      expect([...kind.sensitive].sort(), kind.kind).toEqual(text.sort());
    }
    const wills = columnsOf(digitalWills);
    for (const key of WILL_SECRETS.sensitive) expect(wills[key].getSQLType()).toBe("text");
  });

  it("keeps the first release's encrypted set inside today's, so an older row only ever gains encrypted columns", () => {
    for (const kind of KINDS) {
      for (const version of Object.keys(kind.earlier).map(Number)) {
        for (const column of cipherColumnsOf(kind, version)) expect(kind.sensitive).toContain(column);
      }
      expect(kind.sensitive).toEqual(ASSET_KINDS[kind.kind].sensitiveFields);
    }
  });

  it("never encrypts a column the asset list searches or shows, and never lets a body write the version marker", () => {
    for (const branch of BRANCHES) {
      const kind = KINDS.find((k) => k.tableName === branch.table);
      if (!kind) continue; // uploaded files: no encrypted columns
      const columns = columnsOf(kind.table);
      const encrypted = kind.sensitive.map((key) => columns[key].name);
      expect(encrypted).not.toContain(branch.title);
      expect(encrypted).not.toContain(branch.category);
    }
    for (const kind of KINDS) expect(kind.writable.has("encVersion")).toBe(false);
  });
});
