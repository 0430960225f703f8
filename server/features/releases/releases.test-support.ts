import { eq, sql } from "drizzle-orm";
import { assetReleases, releaseItems, users } from "@shared/schema";
import { RELEASE_LINK_DAYS, type ItemKind } from "@shared/release-kinds";
import { encryptValue } from "../../lib/crypto/field-secrets";
import { generateToken, hashToken } from "../../lib/tokens";
import type { TestApp } from "../../test/harness";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { RELEASE_SECRETS } from "./release-secrets";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Test-only: a release exactly as release creation writes one (docs/design/release-engine.md, `createReleases`): a
 * 256-bit token stored as its SHA-256, the link valid RELEASE_LINK_DAYS from the fake clock's now, the owner's and
 * beneficiary's names frozen, the message sealed for the release row, and its items. Answers the id and the token
 * the e-mail would carry. The assets must already exist (created through the API by the test).
 */
export async function createTestRelease(
  t: TestApp,
  opts: {
    ownerId: number;
    items: { kind: ItemKind; id: number }[];
    beneficiaryId?: number | null;
    beneficiaryName?: string;
    message?: string | null;
    isTest?: boolean;
  },
): Promise<{ id: number; token: string }> {
  const [owner] = await t.db.select().from(users).where(eq(users.id, opts.ownerId));
  const drawn = await t.db.execute<{ id: string }>(sql`select nextval('asset_releases_id_seq') as id`);
  const id = Number(drawn.rows[0].id);
  const token = generateToken();
  const now = t.clock.now();
  let message: string | null = null;
  if (opts.message) {
    const dek = await getOrCreateUserDataKey(t.db, t.keyring, opts.ownerId);
    message = encryptValue(RELEASE_SECRETS, dek, "message", { userId: opts.ownerId, rowId: id }, opts.message);
  }
  await t.db.insert(assetReleases).values({
    id,
    userId: opts.ownerId,
    beneficiaryId: opts.beneficiaryId ?? null,
    ownerName: [owner.firstName, owner.lastName].filter(Boolean).join(" ") || owner.email,
    beneficiaryName: opts.beneficiaryName ?? "Kofi Boateng",
    message,
    status: "pending",
    tokenHash: hashToken(token),
    isTest: opts.isTest ?? false,
    releasedAt: now,
    accessExpiresAt: new Date(now.getTime() + RELEASE_LINK_DAYS * DAY_MS),
  });
  if (opts.items.length > 0) {
    await t.db
      .insert(releaseItems)
      .values(opts.items.map((item) => ({ releaseId: id, userId: opts.ownerId, kind: item.kind, itemId: item.id })));
  }
  return { id, token };
}
