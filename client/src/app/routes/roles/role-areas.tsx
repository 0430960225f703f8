import { RoleLayout } from "@/components/layouts/role-layout";
import { AreaSwitch } from "@/app/area-switch";
import { navFor } from "@/app/routes";

const AGENT_NAV = navFor("agent");
const ADMIN_NAV = navFor("admin");

/** The agent's screens under the agent header (spec 001 §2). */
export function AgentArea() {
  return (
    <RoleLayout area="Agent" links={AGENT_NAV}>
      <AreaSwitch area="agent" />
    </RoleLayout>
  );
}

/** The admin's screens under the admin header: Pricing, Gift Cards, Client View and Sign Out (spec 001 §2). */
export function AdminArea() {
  return (
    <RoleLayout area="Admin" links={ADMIN_NAV}>
      <AreaSwitch area="admin" />
    </RoleLayout>
  );
}
