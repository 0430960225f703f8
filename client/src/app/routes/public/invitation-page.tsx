import { PagePlaceholder } from "@/components/page-placeholder";
import { PublicLayout } from "@/components/layouts/public-layout";

export function InvitationPage() {
  return (
    <PublicLayout>
      <PagePlaceholder
        title="Accept Your Invitation"
        description="Your agent has invited you to plan your digital estate with Heirloom."
      />
    </PublicLayout>
  );
}
