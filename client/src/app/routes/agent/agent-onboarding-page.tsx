import { PagePlaceholder } from "@/components/page-placeholder";
import { PublicLayout } from "@/components/layouts/public-layout";

export function AgentOnboardingPage() {
  return (
    <PublicLayout>
      <PagePlaceholder
        title="Become an Agent"
        description="Legal and financial professionals can offer Heirloom to their clients and earn commission."
      />
    </PublicLayout>
  );
}
