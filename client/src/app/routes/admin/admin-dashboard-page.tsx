import { PagePlaceholder } from "@/components/page-placeholder";

/** Spec 001 §2 admin dashboard (its header comes from the admin area, app/routes/roles/role-areas.tsx). */
export function AdminDashboardPage() {
  return (
    <PagePlaceholder
      title="Admin Dashboard"
      description="Oversee users and agents, verify agents and follow the platform's growth."
    />
  );
}
