import { PagePlaceholder } from "@/components/page-placeholder";

export function DigitalWillPage() {
  return (
    <PagePlaceholder
      title="Digital Will"
      description="Write and keep one active digital will; earlier versions are archived automatically."
    />
  );
}
