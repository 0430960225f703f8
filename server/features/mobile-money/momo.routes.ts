import { z } from "zod";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../lib/app-error";
import type { RouteTable } from "../../lib/route-registry";
import { currentUserId } from "../../lib/request-context";
import { momoContext } from "./momo-context";
import { checkMomoPayment, findOwnPayment, momoPaymentView, recordTestAnswer } from "./momo.service";

const referenceParam = z.object({ reference: z.uuid() });

/**
 * Mobile money (contract "Gift cards and mobile money"): the payer's own view of a payment, the test mode's
 * approve/decline step (only with MOMO_PROVIDER=test), and the provider's callback — a hint that makes the server ask
 * the provider, never a source of truth (PAY-06): its body is not read, and it answers the same for any reference.
 */
export function registerMomoRoutes(r: RouteTable, deps: AppDeps) {
  const ctx = momoContext(deps);

  r.add({ method: "get", path: "/api/payments/momo/:reference", access: "user" }, async (req, res) => {
    const parsed = referenceParam.safeParse(req.params);
    const own = parsed.success && (await findOwnPayment(ctx.db, currentUserId(req), parsed.data.reference));
    if (!own) throw notFound();
    const now = own.status === "pending" ? await checkMomoPayment(ctx, own.reference) : own;
    res.json(await momoPaymentView(ctx, now ?? own));
  });

  for (const answer of ["approve", "decline"] as const) {
    r.add(
      { method: "post", path: `/api/payments/momo/test/:reference/${answer}`, access: "user", body: "none" },
      async (req, res) => {
        const parsed = referenceParam.safeParse(req.params);
        if (ctx.provider.name !== "test" || !parsed.success) throw notFound();
        const { reference } = parsed.data;
        const userId = currentUserId(req);
        const own = await findOwnPayment(ctx.db, userId, reference);
        if (!own) throw notFound();
        const recorded = await recordTestAnswer(ctx.db, {
          userId,
          reference,
          answer: answer === "approve" ? "approved" : "declined",
        });
        if (!recorded) throw conflict("This payment has already been answered.");
        const settled = await checkMomoPayment(ctx, reference, { force: true });
        res.json(await momoPaymentView(ctx, settled ?? own));
      },
    );
  }

  for (const method of ["post", "put"] as const) {
    r.add(
      { method, path: "/api/payments/momo/callback/:reference", access: "public", body: "json" },
      async (req, res) => {
        const parsed = referenceParam.safeParse(req.params);
        if (parsed.success) await checkMomoPayment(ctx, parsed.data.reference, { lateAnswer: true });
        res.json({ received: true });
      },
    );
  }
}
