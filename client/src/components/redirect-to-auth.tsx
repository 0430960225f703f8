import { useEffect } from "react";
import { useLocation } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";

/** Spec 000 §9: the pause between the notice and the move to /auth. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** Spec 000 §2: a signed-out visitor on a protected screen is told, then sent to /auth. */
export function RedirectToAuth() {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
      variant: "destructive",
    });
    const timer = setTimeout(() => navigate(paths.auth.getHref()), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <PageSpinner label="Redirecting to sign in..." />;
}
