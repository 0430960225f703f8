import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeathVerificationDocumentDto, DeathVerificationRequestDto } from "@shared/death-verification";
import type {
  AppealDeathVerificationInput,
  ConfirmDeathVerificationInput,
  CreateDeathVerificationRequestInput,
} from "@shared/validators/death-verification";
import { apiRequest, uploadWithProgress } from "@/lib/api-client";
import { deathVerificationKeys } from "@/features/death-verification/api/death-verification-keys";

/** GET /api/death-verification/requests: about the user, by the user, or for the user to answer. */
export function useDeathVerificationRequests() {
  return useQuery<DeathVerificationRequestDto[]>({ queryKey: deathVerificationKeys.requests() });
}

function useRefreshRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deathVerificationKeys.requests() });
}

/** POST /api/death-verification/request: a party's report, or (without a subject) the owner's rehearsal. */
export function useCreateDeathVerificationRequest() {
  const refresh = useRefreshRequests();
  return useMutation<DeathVerificationRequestDto, Error, CreateDeathVerificationRequestInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/death-verification/request", input)).json(),
    onSuccess: refresh,
  });
}

/** POST …/requests/:id/confirm: another party's answer, once. */
export function useAnswerDeathVerification(id: number) {
  const refresh = useRefreshRequests();
  return useMutation<{ decision: string }, Error, ConfirmDeathVerificationInput>({
    mutationFn: async (input) =>
      (await apiRequest("POST", `/api/death-verification/requests/${id}/confirm`, input)).json(),
    onSuccess: refresh,
  });
}

/** POST …/requests/:id/documents (multipart): the requestor's evidence, text field first. */
export function useUploadEvidence(id: number) {
  const refresh = useRefreshRequests();
  return useMutation<DeathVerificationDocumentDto, Error, { documentType: string; file: File }>({
    mutationFn: ({ documentType, file }) => {
      const form = new FormData();
      form.append("documentType", documentType);
      form.append("file", file);
      return uploadWithProgress(`/api/death-verification/requests/${id}/documents`, form, () => undefined);
    },
    onSuccess: refresh,
  });
}

/** POST …/requests/:id/appeal: the requestor's appeal of an admin's rejection, once, before its deadline. */
export function useAppealDeathVerification(id: number) {
  const refresh = useRefreshRequests();
  return useMutation<DeathVerificationRequestDto, Error, AppealDeathVerificationInput>({
    mutationFn: async (input) =>
      (await apiRequest("POST", `/api/death-verification/requests/${id}/appeal`, input)).json(),
    onSuccess: refresh,
  });
}

/** Where a request's evidence document downloads, for its requestor and its subject. */
export const evidenceHref = (requestId: number, documentId: number) =>
  `/api/death-verification/requests/${requestId}/documents/${documentId}`;
