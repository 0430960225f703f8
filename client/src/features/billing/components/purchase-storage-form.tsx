import { useId, useState, type FormEvent } from "react";
import { Link } from "wouter";
import {
  parseStorageQuantity,
  storagePriceCents,
  storagePriceGHSMinor,
  storageRateFor,
  STORAGE_GB_MAX,
  STORAGE_GB_MIN,
} from "@shared/plans";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { paths } from "@/config/paths";
import { formatMoney } from "@/lib/format";

type PurchaseStorageFormProps = {
  isSignedIn: boolean;
  isPending: boolean;
  onPurchase: (storageGB: number) => void;
};

/** Quantity (non-numeric input counts as 1, spec 000 §5) and a live total at the tier rate. */
export function PurchaseStorageForm({ isSignedIn, isPending, onPurchase }: PurchaseStorageFormProps) {
  const id = useId();
  const [raw, setRaw] = useState("1");
  const quantity = parseStorageQuantity(raw);
  const typed = Number.parseInt(raw, 10);
  // a number outside 1–1000 is not priced as the clamped quantity: the line says what is allowed instead, and
  // leaving the field puts the nearest allowed quantity in it, so what is shown is what would be bought
  const outOfRange = Number.isFinite(typed) && typed !== quantity;
  const totalId = `${id}-total`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onPurchase(quantity);
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Purchase additional storage">
      <fieldset disabled={isPending} className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={id}>Storage (GB)</Label>
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={STORAGE_GB_MIN}
            max={STORAGE_GB_MAX}
            step={1}
            value={raw}
            aria-describedby={totalId}
            aria-invalid={outOfRange || undefined}
            onChange={(e) => setRaw(e.target.value)}
            onBlur={() => outOfRange && setRaw(String(quantity))}
          />
        </div>
        {outOfRange ? (
          <p id={totalId} aria-live="polite" className="text-sm text-destructive">
            Choose from {STORAGE_GB_MIN} to {STORAGE_GB_MAX} GB per purchase.
          </p>
        ) : (
          <p id={totalId} aria-live="polite" className="text-sm text-muted-foreground">
            {quantity} GB × {formatMoney(storageRateFor(quantity))} ={" "}
            <strong className="text-lg text-foreground" data-testid="storage-total">
              {formatMoney(storagePriceCents(quantity) / 100)}
            </strong>{" "}
            per month · in Ghana{" "}
            <strong className="text-foreground" data-testid="storage-total-ghs">
              {formatMoney(storagePriceGHSMinor(quantity) / 100, { currency: "GHS" })}
            </strong>
          </p>
        )}
      </fieldset>
      {isSignedIn ? (
        <Button type="submit" disabled={isPending} className="w-full sm:w-fit">
          {isPending ? "Processing..." : "Purchase"}
        </Button>
      ) : (
        <Button asChild className="w-full sm:w-fit">
          <Link href={paths.auth.getHref()}>Sign in to purchase</Link>
        </Button>
      )}
    </form>
  );
}
