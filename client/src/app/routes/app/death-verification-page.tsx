import { PagePlaceholder } from "@/components/page-placeholder";

export function DeathVerificationPage() {
  return (
    <PagePlaceholder
      title="Death Verification"
      description="Name trusted parties and set out how a death is verified before anything is distributed."
    />
  );
}
