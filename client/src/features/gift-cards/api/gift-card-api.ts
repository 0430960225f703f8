import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PurchaseGiftCardInput } from "@shared/validators/gift-cards";
import { apiRequest } from "@/lib/api-client";
import { PAYMENT_POLL_MS } from "@/lib/momo-payment";
import { giftCardKeys } from "@/features/gift-cards/api/gift-card-keys";
import type {
  AccountCreditDto,
  GiftCardDto,
  GiftCardPurchaseDto,
  PurchaseAnswer,
  RedeemAnswer,
} from "@/features/gift-cards/api/gift-card-types";

/** How often a payment step asks for the payment's status (client/src/lib/momo-payment.ts). */
export { PAYMENT_POLL_MS };

/** POST /api/gift-cards/purchase: the order, awaiting its mobile-money or card payment. */
export function usePurchaseGiftCards() {
  return useMutation<PurchaseAnswer, Error, PurchaseGiftCardInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/gift-cards/purchase", input)).json(),
  });
}

/** The paid order, read once: its first answer carries the codes, so it is kept and never read again by itself. */
export function usePaidPurchase(id: number, isPaid: boolean) {
  return useQuery<GiftCardPurchaseDto>({
    queryKey: giftCardKeys.purchase(id),
    enabled: isPaid,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Test mode's card step (no Stripe key on the server): the buyer's confirm or decline stands for the card. */
export function useAnswerTestCard(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation<GiftCardPurchaseDto, Error, "confirm" | "decline">({
    mutationFn: async (answer) =>
      (await apiRequest("POST", `/api/gift-cards/purchases/${purchaseId}/test-card/${answer}`)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftCardKeys.all() }),
  });
}

/**
 * Back from Stripe's Checkout: the order, asked again until the webhook has settled it. The answer that first says
 * paid carries the codes (once), so it is kept and never read again by itself.
 */
export function usePurchaseUntilSettled(id: number) {
  return useQuery<GiftCardPurchaseDto>({
    queryKey: giftCardKeys.purchase(id),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchInterval: (q) =>
      q.state.error || (q.state.data && q.state.data.status !== "awaiting_payment") ? false : PAYMENT_POLL_MS,
  });
}

/** The printable card of one of the buyer's cards (never its code). */
export const giftCardPdfHref = (cardId: number) => `/api/gift-cards/${cardId}/card.pdf`;

export function useGiftCards() {
  return useQuery<GiftCardDto[]>({ queryKey: giftCardKeys.all() });
}

export function useAccountCredit() {
  return useQuery<AccountCreditDto>({ queryKey: giftCardKeys.credit() });
}

/** POST /api/gift-cards/redeem: credits the card's value to the account. */
export function useRedeemGiftCard() {
  const queryClient = useQueryClient();
  return useMutation<RedeemAnswer, Error, { code: string }>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/gift-cards/redeem", input)).json(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: giftCardKeys.credit() }),
        queryClient.invalidateQueries({ queryKey: giftCardKeys.all() }),
      ]),
  });
}
