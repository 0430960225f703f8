import { useFormContext } from "react-hook-form";
import { GIFT_CARD_DESIGNS, type GiftCardDesign } from "@shared/gift-cards";
import { cn } from "@/lib/utils";
import type { PurchaseFormValues } from "@/features/gift-cards/lib/purchase-form-values";

/** CSS-only card faces, one per design. */
const FACES: Record<GiftCardDesign, string> = {
  classic: "bg-gradient-to-br from-slate-800 to-slate-600 text-white",
  modern: "bg-gradient-to-br from-teal-500 to-sky-700 text-white",
  festive: "bg-gradient-to-br from-rose-500 via-amber-400 to-emerald-500 text-white",
  memorial: "bg-gradient-to-br from-stone-200 to-stone-400 text-stone-900",
};

const label = (d: string) => d[0].toUpperCase() + d.slice(1);

/** The four designs as small previews of the card; a radio group underneath, so keyboards and readers work. */
export function DesignPicker() {
  const { register, watch } = useFormContext<PurchaseFormValues>();
  const chosen = watch("design");
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Design</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {GIFT_CARD_DESIGNS.map((design) => (
          <label key={design} className="cursor-pointer">
            <input
              type="radio"
              value={design}
              aria-label={label(design)}
              className="peer sr-only"
              {...register("design")}
            />
            <span
              aria-hidden
              className={cn(
                "flex aspect-[1.586] flex-col justify-between rounded-lg p-2 text-xs shadow-sm ring-offset-2 peer-focus-visible:ring-2 peer-focus-visible:ring-ring",
                FACES[design],
                chosen === design && "ring-2 ring-primary",
              )}
            >
              <span className="font-semibold">Heirloom</span>
              <span className="self-end opacity-80">Gift card</span>
            </span>
            <span className="mt-1 block text-center text-sm">{label(design)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
