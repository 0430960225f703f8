import { PagePlaceholder } from "@/components/page-placeholder";

export function OnlineAccountsPage() {
  return (
    <PagePlaceholder
      title="Online Accounts"
      description="Manage your digital accounts for inheritance planning: e-mail, social media, banking, subscriptions and more."
    />
  );
}
