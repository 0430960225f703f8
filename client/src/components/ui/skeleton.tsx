import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A grey placeholder standing where text or a control will be, sized by the caller to the loaded content so
 * nothing moves when the data arrives (layout shift). Inline, so it can sit in a line of text; hidden from
 * assistive technology, which hears the surrounding `aria-busy` or status text instead.
 */
export function Skeleton({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("inline-block animate-pulse rounded bg-muted align-middle", className)}
      {...props}
    />
  );
}
