import { useParams } from "wouter";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { CheckInByLink } from "@/features/check-in/components/check-in-by-link";

/** Public: opened from an inactivity warning; no sign-in needed. */
export function CheckInPage() {
  const { token = "" } = useParams<{ token: string }>();
  return (
    <AuthLayout>
      <title>Check in · Heirloom</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Are you still there?</h1>
      <CheckInByLink token={token} />
    </AuthLayout>
  );
}
