import { desc, eq } from "drizzle-orm";
import { giftCardPurchases, prepaidCards } from "@shared/schema";
import { paginationQuery } from "@shared/validators/common";
import type { AccountCreditDto } from "@shared/validators/billing";
import { purchaseGiftCardSchema, redeemGiftCardSchema } from "@shared/validators/gift-cards";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/app-error";
import type { RouteTable } from "../../lib/route-registry";
import { currentUserId } from "../../lib/request-context";
import { presentMomoPayment } from "../mobile-money/momo.presenter";
import { answerTestCardPayment } from "./card-payment";
import { formatBalance, presentCard, presentCardPayment, presentCredit, presentPurchase } from "./gift-cards.presenter";
import { sendGiftCardPdf } from "./card-pdf";
import { purchaseGiftCards, readPrintableCard, readPurchase } from "./purchase.service";
import { creditBalance, creditLedger, creditLedgerCount, redeemGiftCard } from "./redeem.service";

/** Gift cards in cedis (contract "Gift cards and mobile money"): buy, see the order once paid, list, redeem, credit. */
export function registerGiftCardRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;

  r.add({ method: "post", path: "/api/gift-cards/purchase", access: "user" }, async (req, res) => {
    const input = purchaseGiftCardSchema.parse(req.body);
    const { purchase, payment } = await purchaseGiftCards(deps, { userId: currentUserId(req), input });
    res.status(201).json({
      purchase: presentPurchase(purchase),
      payment:
        payment.method === "card" ? presentCardPayment(payment) : payment.row ? presentMomoPayment(payment.row) : null,
    });
  });

  // Billing's test mode only (no Stripe key): the buyer's explicit answer stands for the card payment.
  for (const answer of ["confirm", "decline"] as const) {
    r.add(
      {
        method: "post",
        path: `/api/gift-cards/purchases/:id/test-card/${answer}`,
        access: "user",
        body: "none",
        resource: "gift-card-purchase",
      },
      async (req, res) => {
        const purchaseId = Number(req.params.id);
        if (!Number.isSafeInteger(purchaseId) || purchaseId < 1) throw notFound();
        const order = await answerTestCardPayment(deps, { userId: currentUserId(req), purchaseId, answer });
        res.json(presentPurchase(order));
      },
    );
  }

  r.add(
    { method: "get", path: "/api/gift-cards/purchases/:id", access: "user", resource: "gift-card-purchase" },
    async (req, res) => {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw notFound();
      const { purchase, codes } = await readPurchase(deps, { userId: currentUserId(req), id });
      res.json(presentPurchase(purchase, codes));
    },
  );

  r.add({ method: "get", path: "/api/gift-cards", access: "user" }, async (req, res) => {
    const page = paginationQuery.parse(req.query);
    const rows = await db
      .select({ card: prepaidCards, recipientName: giftCardPurchases.recipientName })
      .from(prepaidCards)
      .innerJoin(giftCardPurchases, eq(giftCardPurchases.id, prepaidCards.purchaseId))
      .where(eq(prepaidCards.purchasedBy, currentUserId(req)))
      .orderBy(desc(prepaidCards.createdAt), desc(prepaidCards.id))
      .limit(page.limit)
      .offset(page.offset);
    res.json(rows.map((r) => presentCard({ ...r.card, recipientName: r.recipientName })));
  });

  // The printable card of one of the buyer's cards; never its code (docs/decisions/016).
  r.add(
    { method: "get", path: "/api/gift-cards/:id/card.pdf", access: "user", resource: "gift-card" },
    async (req, res) => {
      const cardId = Number(req.params.id);
      if (!Number.isSafeInteger(cardId) || cardId < 1) throw notFound();
      sendGiftCardPdf(res, await readPrintableCard(deps, { userId: currentUserId(req), cardId }));
    },
  );

  r.add(
    { method: "post", path: "/api/gift-cards/redeem", access: "user", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { code } = redeemGiftCardSchema.parse(req.body);
      const { credited, balanceMinor } = await redeemGiftCard(db, deps.clock, { userId: currentUserId(req), code });
      res.json({
        credited: { amount: formatBalance(credited.denominationMinor), currency: credited.currency },
        balance: { amount: formatBalance(balanceMinor), currency: "GHS" },
      });
    },
  );

  r.add({ method: "get", path: "/api/account-credit", access: "user" }, async (req, res) => {
    const page = paginationQuery.parse(req.query);
    const userId = currentUserId(req);
    const [balance, entries, total] = await Promise.all([
      creditBalance(db, userId),
      creditLedger(db, userId, page),
      creditLedgerCount(db, userId),
    ]);
    res.setHeader("X-Total-Count", String(total));
    const body: AccountCreditDto = {
      balance: { amount: formatBalance(balance), currency: "GHS" },
      entries: entries.map((e) => presentCredit(e.entry, e.purchaseName)),
    };
    res.json(body);
  });
}
