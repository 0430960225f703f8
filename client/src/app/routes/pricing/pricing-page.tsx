import { PagePlaceholder } from "@/components/page-placeholder";
import { PublicLayout } from "@/components/layouts/public-layout";

/** Serves both /pricing and /pricing-tiers (spec 000 §2). */
export function PricingPage() {
  return (
    <PublicLayout>
      <PagePlaceholder
        title="Plans & Pricing"
        description="Compare plans, see your current storage and buy extra storage when you need it."
      />
    </PublicLayout>
  );
}
