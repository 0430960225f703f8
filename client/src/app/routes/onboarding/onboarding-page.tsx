import { PagePlaceholder } from "@/components/page-placeholder";
import { PublicLayout } from "@/components/layouts/public-layout";

export function OnboardingPage() {
  return (
    <PublicLayout>
      <PagePlaceholder
        title="Choose Your Role"
        description="Tell us how you will use Heirloom: as a client, as an agent, or as an administrator. You can change this later in account settings."
      />
    </PublicLayout>
  );
}
