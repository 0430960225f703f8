import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { assetBundles, beneficiaries, digitalAssets, users, type User } from "@shared/schema";
import type { Db } from "../../db";

/** Test factories for billing: rows inserted directly, as the assets and beneficiaries features would leave them. */

export async function userRow(db: Db, id: number): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function bundlesOf(db: Db, userId: number) {
  return db.select().from(assetBundles).where(eq(assetBundles.userId, userId)).orderBy(assetBundles.id);
}

/** `count` uploaded files splitting `totalBytes` between them (encrypted size is what the quota counts). */
export async function buildFiles(db: Db, userId: number, count: number, totalBytes: number, category = "documents") {
  const each = Math.floor(totalBytes / count);
  const rows = Array.from({ length: count }, (_, i) => {
    const size = i === count - 1 ? totalBytes - each * (count - 1) : each;
    const key = randomBytes(8).toString("hex");
    return {
      userId,
      fileName: `${key}.pdf`,
      originalFileName: `file-${i}.pdf`,
      fileSize: size,
      storedSize: size,
      mimeType: "application/pdf",
      category,
      filePath: `blobs/${key}`,
      status: "ready",
    };
  });
  if (rows.length > 0) await db.insert(digitalAssets).values(rows);
}

export async function buildBeneficiaries(db: Db, userId: number, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    firstName: `Kofi${i}`,
    lastName: "Owusu",
    email: `kofi${i}.${randomBytes(3).toString("hex")}@example.com`,
    relationship: "child",
  }));
  if (rows.length > 0) await db.insert(beneficiaries).values(rows);
}
