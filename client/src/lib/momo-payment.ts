import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MomoPaymentDto } from "@shared/api-types";
import { apiRequest } from "@/lib/api-client";

/** What a screen needs of a mobile-money payment (GET /api/payments/momo/:reference). */
export type MomoPaymentView = Pick<
  MomoPaymentDto,
  "reference" | "status" | "network" | "phone" | "amount" | "currency" | "testMode" | "failureReason" | "expiresAt"
> &
  Partial<Pick<MomoPaymentDto, "creditedInstead">>;

/** How often a payment step asks for the payment's status while the payer answers on their phone. */
export const PAYMENT_POLL_MS = 3000;

/** The payment's query key: its API path, so the default query function GETs it. */
export const momoPaymentKey = (reference: string) => ["/api/payments/momo", reference] as const;

/** GET /api/payments/momo/:reference, asked again until the payment is no longer pending. */
export function useMomoPayment(first: MomoPaymentView) {
  return useQuery<MomoPaymentView>({
    queryKey: momoPaymentKey(first.reference),
    initialData: first,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== "pending" ? false : PAYMENT_POLL_MS),
  });
}

/** Test mode: stands for the payer's answer on their phone. */
export function useAnswerTestPayment(reference: string) {
  const queryClient = useQueryClient();
  return useMutation<MomoPaymentView, Error, "approve" | "decline">({
    mutationFn: async (answer) =>
      (await apiRequest("POST", `/api/payments/momo/test/${encodeURIComponent(reference)}/${answer}`)).json(),
    onSuccess: (payment) => queryClient.setQueryData(momoPaymentKey(reference), payment),
  });
}
