import { useParams } from "wouter";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { AgentInvitation } from "@/features/agents/components/agent-invitation";

/** Public: opened from an agent's e-mailed invitation (spec 001 §2, /invitation/:token). */
export function InvitationPage() {
  const { token = "" } = useParams<{ token: string }>();
  return (
    <AuthLayout>
      <title>Accept Your Invitation · Heirloom</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Accept Your Invitation</h1>
      <AgentInvitation token={token} />
    </AuthLayout>
  );
}
