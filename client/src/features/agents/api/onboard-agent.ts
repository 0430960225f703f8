import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { AgentProfileDto, PublicUser } from "@shared/api-types";
import type { agentOnboardingRequestSchema } from "@shared/validators/agents";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type OnboardAgentInput = z.input<typeof agentOnboardingRequestSchema>;

/** Completes the onboarding (and, signed out, creates the agent account): the session's user is refreshed. */
export function useOnboardAgent() {
  const queryClient = useQueryClient();
  return useMutation<{ profile: AgentProfileDto; user: PublicUser }, Error, OnboardAgentInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/agent/onboard", input)).json(),
    onSuccess: (result) => queryClient.setQueryData(queryKeys.user(), result.user),
  });
}
