import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { loadValidation } from "@/lib/load-validation";
import { afterNextPaint } from "@/lib/after-paint";
import { BeneficiariesCard, BeneficiariesCardSkeleton } from "@/features/beneficiaries/components/beneficiaries-card";

// The card can edit a beneficiary in place, so its code brings the forms and their validation: none of that is
// needed to show the dashboard, so it loads once the dashboard is on screen.
const BeneficiariesPreview = lazy(async () => ({
  default: (await import("@/features/beneficiaries/components/beneficiaries-preview")).BeneficiariesPreview,
}));

/** The dashboard's beneficiaries card, loaded after the first paint; the placeholder stands in until then. */
export function DeferredBeneficiariesPreview() {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    let isCancelled = false;
    const cancel = afterNextPaint(() => {
      // the validation library first, on its own: starting it is the largest part of the card's code, and two
      // shorter tasks keep the page more responsive than one long one
      void loadValidation()
        .catch(() => undefined)
        .then(() => {
          // a transition, and state of its own: showing the card re-renders this card alone, in slices
          if (!isCancelled) startTransition(() => setIsShown(true));
        });
    });
    return () => {
      isCancelled = true;
      cancel();
    };
  }, []);
  if (!isShown) return <BeneficiariesPreviewPlaceholder />;
  return (
    <Suspense fallback={<BeneficiariesPreviewPlaceholder />}>
      <BeneficiariesPreview />
    </Suspense>
  );
}

/** The dashboard's beneficiaries card while its code loads: the preview's own frame in its loading state. */
function BeneficiariesPreviewPlaceholder() {
  return (
    <BeneficiariesCard busy>
      <BeneficiariesCardSkeleton />
    </BeneficiariesCard>
  );
}
