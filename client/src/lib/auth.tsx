import { createContext, use, type ReactNode } from "react";
import { queryOptions, useMutation, useQuery, type UseMutationResult } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { z } from "zod";
import type { PublicUser } from "@shared/api-types";
import type { LoginInput, registerSchema } from "@shared/validators/auth";
import type { TwoFactorRequiredResponse } from "@shared/validators/two-factor";
import { apiRequest, getQueryFn, NetworkError, parseApiError } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

/** The payload the sign-up forms send; `confirmPassword` only from the first variant. */
export type RegisterPayload = z.input<typeof registerSchema>;

/** The session read: the signed-in user, or null without a session (401). main.tsx starts it before the first render. */
export const userQuery = queryOptions<PublicUser | null>({
  queryKey: queryKeys.user(),
  queryFn: getQueryFn<PublicUser>({ on401: "returnNull" }),
});

/** POST /api/login's answer: the user, or a request for the second factor (contract "Account security"). */
export type LoginResult = PublicUser | TwoFactorRequiredResponse;

export function isTwoFactorRequired(result: LoginResult): result is TwoFactorRequiredResponse {
  return "twoFactorRequired" in result && result.twoFactorRequired;
}

/** Spec 000 §9: the pause before leaving the page after sign-out. */
const SIGN_OUT_RELOAD_DELAY_MS = 500;

type AuthContextValue = {
  user: PublicUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  loginMutation: UseMutationResult<LoginResult, Error, LoginInput>;
  registerMutation: UseMutationResult<PublicUser, Error, RegisterPayload>;
  logoutMutation: UseMutationResult<void, Error, void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** A new user must never see the cached data of the previous one. */
function startSession(user: PublicUser): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user()[0] });
  queryClient.setQueryData(queryKeys.user(), user);
}

/** A sign-in completed (by the password, or by its second step): the session starts and the user is welcomed. */
export function welcomeBack(user: PublicUser): void {
  startSession(user);
  toast({ title: "Welcome back!", description: "You have successfully logged in.", variant: "success" });
}

function failureDescription(error: Error, emptyFallback: string): string {
  if (error instanceof NetworkError) return "Network error. Please try again.";
  return parseApiError(error).message || emptyFallback;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const { data, isLoading } = useQuery(userQuery);
  const user = data ?? null;

  const loginMutation = useMutation<LoginResult, Error, LoginInput>({
    mutationFn: async (credentials) => (await apiRequest("POST", "/api/login", credentials)).json(),
    onSuccess: (result) => {
      // with two-factor sign-in on, nobody is signed in yet: the form asks for the code next
      if (!isTwoFactorRequired(result)) welcomeBack(result);
    },
    onError: (error) => {
      toast({
        title: "Login failed",
        description: failureDescription(error, "Invalid credentials"),
        variant: "destructive",
      });
    },
  });

  const registerMutation = useMutation<PublicUser, Error, RegisterPayload>({
    mutationFn: async (fields) => (await apiRequest("POST", "/api/register", fields)).json(),
    onSuccess: (created) => {
      startSession(created);
      toast({ title: "Welcome to Heirloom!", description: "Account created successfully.", variant: "success" });
    },
    onError: (error) => {
      toast({
        title: "Registration failed",
        description: failureDescription(error, "Registration failed."),
        variant: "destructive",
      });
    },
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      // Leave the protected screen first so the route guard never flags the sign-out as "Unauthorized".
      navigate("/", { replace: true });
      queryClient.setQueryData(queryKeys.user(), null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user()[0] });
      try {
        await apiRequest("POST", "/api/logout");
      } catch (error) {
        console.error("Sign-out request failed", error);
      }
    },
    onSettled: () => {
      toast({ title: "Signed out", description: "You have been signed out successfully." });
      setTimeout(() => window.location.replace("/"), SIGN_OUT_RELOAD_DELAY_MS);
    },
  });

  const value: AuthContextValue = {
    user,
    isLoading,
    isAuthenticated: user !== null,
    loginMutation,
    registerMutation,
    logoutMutation,
  };
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error("useAuth must be used inside <AuthProvider>");
  return context;
}
