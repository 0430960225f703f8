import { PagePlaceholder } from "@/components/page-placeholder";

export function AssetsPage() {
  return (
    <PagePlaceholder
      title="Assets"
      description="Catalogue your documents, photos, videos, intellectual property, financial, physical and digital assets."
    />
  );
}
