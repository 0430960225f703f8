import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/** An announced busy indicator; `label` is read by screen readers and shown when `showLabel` is set. */
export function Spinner({
  className,
  label = "Loading...",
  showLabel = false,
}: {
  className?: string;
  label?: string;
  showLabel?: boolean;
}) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2 text-muted-foreground", className)}>
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      <span className={showLabel ? "text-sm" : "sr-only"}>{label}</span>
    </span>
  );
}

/** Fills the viewport while a page or the sign-in state loads. */
export function PageSpinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div className={cn("flex min-h-[60vh] items-center justify-center", className)}>
      <Spinner label={label} showLabel />
    </div>
  );
}
