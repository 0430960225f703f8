import { PagePlaceholder } from "@/components/page-placeholder";

/** Spec 001 §2 agent dashboard (its header comes from the agent area, app/routes/roles/role-areas.tsx). */
export function AgentDashboardPage() {
  return (
    <PagePlaceholder
      title="Agent Dashboard"
      description="Invite clients, follow their progress and track the commission you earn."
    />
  );
}
