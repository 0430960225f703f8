import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { toast, type ToastInput } from "@/hooks/use-toast";

/** Spec 000 §2: the server sends failed Google sign-ins back to /auth?error=… */
const GOOGLE_ERRORS: Record<string, ToastInput> = {
  google_auth_failed: {
    title: "Authentication Failed",
    description: "Google authentication failed. Please try again.",
    variant: "destructive",
  },
  google_not_configured: {
    title: "Google OAuth Not Available",
    description: "Google sign-in is not configured. Please use email/password authentication.",
    variant: "destructive",
  },
};

/** Shows the notice once, then drops the parameter so a reload does not repeat it. */
export function useGoogleErrorNotice(): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  useEffect(() => {
    const code = new URLSearchParams(search).get("error");
    if (!code) return;
    const notice = Object.hasOwn(GOOGLE_ERRORS, code) ? GOOGLE_ERRORS[code] : undefined;
    if (notice) toast(notice);
    navigate(location, { replace: true });
  }, [search, location, navigate]);
}
