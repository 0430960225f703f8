import { PagePlaceholder } from "@/components/page-placeholder";

export function TimeTriggersPage() {
  return (
    <PagePlaceholder
      title="Time-Based Release Triggers"
      description="Decide when and how your assets are released to your beneficiaries."
    />
  );
}
