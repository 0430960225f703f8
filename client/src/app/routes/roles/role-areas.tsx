import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { hasSecondFactor } from "@shared/second-factor";
import type { NavLink } from "@/components/layouts/nav-link";
import { RoleLayout } from "@/components/layouts/role-layout";
import { AreaSwitch } from "@/app/area-switch";
import { navFor } from "@/app/routes";
import { useNavWithTrustedLink } from "@/app/trusted-nav";
import { twoFactorSetupHref } from "@/config/paths";
import { useAuth } from "@/lib/auth";

const AGENT_NAV = navFor("agent");
/**
 * The death-verification review queue (issue 16) is its own screen, at its own address; its route-table entry lands
 * with that screen, and this link then comes from the table like the others.
 */
const DEATH_VERIFICATION_REVIEW: NavLink = {
  href: "/admin/death-verifications",
  label: "Death Verifications",
  isHome: false,
};
const ADMIN_NAV = [...navFor("admin"), DEATH_VERIFICATION_REVIEW];

/**
 * Agents and admins reach their screens only with two-factor sign-in on (their routes answer 403 until then): without
 * it they are sent to its set-up in settings, which says why.
 */
function RequireSecondFactor({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user && !hasSecondFactor(user)) return <Redirect to={twoFactorSetupHref()} replace />;
  return children;
}

/** The agent's screens under the agent header (spec 001 §2). */
export function AgentArea() {
  const links = useNavWithTrustedLink(AGENT_NAV);
  return (
    <RequireSecondFactor>
      <RoleLayout area="Agent" links={links}>
        <AreaSwitch area="agent" />
      </RoleLayout>
    </RequireSecondFactor>
  );
}

/** The admin's screens under the admin header: Pricing, Gift Cards, Client View and Sign Out (spec 001 §2). */
export function AdminArea() {
  const links = useNavWithTrustedLink(ADMIN_NAV);
  return (
    <RequireSecondFactor>
      <RoleLayout area="Admin" links={links}>
        <AreaSwitch area="admin" />
      </RoleLayout>
    </RequireSecondFactor>
  );
}
