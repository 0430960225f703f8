import type { ComponentProps } from "react";
import { RELATIONSHIP_OPTIONS } from "@/features/beneficiaries/lib/relationships";
import { cn } from "@/lib/utils";

/** A native select (keyboard, screen readers and mobile pickers for free) styled like the inputs. */
export function RelationshipSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
        className,
      )}
      {...props}
    >
      <option value="">Select a relationship</option>
      {RELATIONSHIP_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
