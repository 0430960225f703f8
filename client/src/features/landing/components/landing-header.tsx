import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** Spec 000 §2 landing top bar: Become Agent, Gift Cards, Sign In, Get Started Free. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Brand />
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
            <Link href={paths.agentOnboarding.getHref()}>Become Agent</Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
            <Link href={paths.giftCards.getHref()}>Gift Cards</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link href={paths.auth.getHref()}>Sign In</Link>
          </Button>
          <Button asChild size="sm">
            <Link href={paths.auth.getHref()}>Get Started Free</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
