import { BeneficiariesManager } from "@/features/beneficiaries/components/beneficiaries-manager";

/** Spec 000 §2 Beneficiaries: who receives the assets, each confirmed by their own e-mail link. */
export function BeneficiariesPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Beneficiaries · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Beneficiaries</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          The people who will receive your assets. Each one confirms their e-mail address through a personal link.
        </p>
      </div>
      <BeneficiariesManager />
    </div>
  );
}
