import { Link } from "wouter";
import { cn } from "@/lib/utils";

/** The Heirloom shield mark; decorative, the word next to it carries the name. */
export function BrandMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className={inverted ? "fill-white/15" : "fill-primary"} />
      <path
        d="M16 6l8 3v6c0 5.2-3.4 9.4-8 11-4.6-1.6-8-5.8-8-11V9l8-3z"
        fill="none"
        className="stroke-accent"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path
        d="M12.5 15.5l2.5 2.5 4.5-5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Logo link; `inverted` for dark backgrounds. */
export function Brand({ href = "/", inverted = false }: { href?: string; inverted?: boolean }) {
  return (
    <Link
      href={href}
      className={cn(
        "inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight",
        inverted ? "text-primary-foreground" : "text-primary",
      )}
    >
      <BrandMark inverted={inverted} />
      <span>Heirloom</span>
    </Link>
  );
}
