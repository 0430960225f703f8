import { PagePlaceholder } from "@/components/page-placeholder";
import { RoleLayout } from "@/components/layouts/role-layout";
import { paths } from "@/config/paths";

/** Spec 001 §2: header links to /pricing, /gift-cards, /dashboard (client view) and Sign Out. */
const ADMIN_LINKS = [
  { href: paths.pricing, label: "Pricing" },
  { href: paths.giftCards, label: "Gift Cards" },
  { href: paths.dashboard, label: "Client View" },
] as const;

export function AdminDashboardPage() {
  return (
    <RoleLayout area="Admin" links={ADMIN_LINKS}>
      <PagePlaceholder
        title="Admin Dashboard"
        description="Oversee users and agents, verify agents and follow the platform's growth."
      />
    </RoleLayout>
  );
}
