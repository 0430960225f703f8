import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PurchaseGiftCardInput } from "@shared/validators/gift-cards";
import { apiRequest } from "@/lib/api-client";
import { giftCardKeys } from "@/features/gift-cards/api/gift-card-keys";
import type {
  AccountCreditDto,
  GiftCardDto,
  GiftCardPurchaseDto,
  MomoPaymentDto,
  RedeemAnswer,
} from "@/features/gift-cards/api/gift-card-types";

/** POST /api/gift-cards/purchase: the order, awaiting its mobile-money payment. */
export function usePurchaseGiftCards() {
  return useMutation<{ purchase: GiftCardPurchaseDto; payment: MomoPaymentDto | null }, Error, PurchaseGiftCardInput>({
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
