import { useParams } from "wouter";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { TrustedPartyInvitation } from "@/features/trusted-parties/components/trusted-party-invitation";

/** Public: opened from a trusted party's e-mailed invitation. Accepting needs a sign-in with the invited address. */
export function TrustedPartyInvitationPage() {
  const { token = "" } = useParams<{ token: string }>();
  return (
    <AuthLayout>
      <title>Trusted party invitation · Heirloom</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Trusted party invitation</h1>
      <TrustedPartyInvitation token={token} />
    </AuthLayout>
  );
}
