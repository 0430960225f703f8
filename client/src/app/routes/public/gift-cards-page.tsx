import { PagePlaceholder } from "@/components/page-placeholder";
import { PublicLayout } from "@/components/layouts/public-layout";

export function GiftCardsPage() {
  return (
    <PublicLayout>
      <PagePlaceholder
        title="Gift Cards"
        description="Give the gift of peace of mind: Heirloom gift cards in Ghana cedis, payable by mobile money."
      />
    </PublicLayout>
  );
}
