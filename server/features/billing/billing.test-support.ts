import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { assetBundles, beneficiaries, digitalAssets, users, type User } from "@shared/schema";
import type { Db } from "../../db";
import type { TestApp } from "../../test/harness";

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

type SignedUp = Awaited<ReturnType<TestApp["signUp"]>>;
export const MOMO_PAYER = { paymentMethod: "mobile_money", mobileMoneyNetwork: "MTN", payerPhone: "+233 24 123 4567" };

/** `who` redeems a gift card worth `cedis`, bought and paid (test-mode mobile money) by someone else through the API. */
export async function giveCredit(t: TestApp, who: SignedUp, cedis: number) {
  const buyer = await t.signUp({ verified: true });
  const order = await buyer.agent.post("/api/gift-cards/purchase").send({
    cardType: "virtual",
    denomination: cedis,
    quantity: 1,
    recipientName: "Esi Owusu",
    recipientPhone: "024 555 0101",
    deliveryMethod: "sms",
    design: "classic",
    ...MOMO_PAYER,
  });
  if (order.status !== 201) throw new Error(`gift card order failed: ${order.status} ${order.text}`);
  await buyer.agent.post(`/api/payments/momo/test/${order.body.payment.reference}/approve`).expect(200);
  const paid = await buyer.agent.get(`/api/gift-cards/purchases/${order.body.purchase.id}`).expect(200);
  await who.agent.post("/api/gift-cards/redeem").send({ code: paid.body.cards[0].code }).expect(200);
}
