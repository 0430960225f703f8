import { PagePlaceholder } from "@/components/page-placeholder";
import { RoleLayout } from "@/components/layouts/role-layout";
import { paths } from "@/config/paths";

const AGENT_LINKS = [
  { href: paths.pricing, label: "Pricing" },
  { href: paths.giftCards, label: "Gift Cards" },
] as const;

export function AgentDashboardPage() {
  return (
    <RoleLayout area="Agent" links={AGENT_LINKS}>
      <PagePlaceholder
        title="Agent Dashboard"
        description="Invite clients, follow their progress and track the commission you earn."
      />
    </RoleLayout>
  );
}
