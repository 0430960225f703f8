import type { ReactNode } from "react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { homePathFor, paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { SiteFooter } from "@/components/layouts/site-footer";
import { SkipLink } from "@/components/layouts/skip-link";

const linkClass = "rounded-md px-2 py-1 text-sm font-medium text-muted-foreground hover:text-foreground";

/** Header for the public screens: Home, Become Agent, Gift Cards, and Dashboard or Sign In. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
          <Brand />
          <nav aria-label="Main" className="flex flex-wrap items-center gap-1 sm:gap-3">
            <Link href={paths.home.getHref()} className={`${linkClass} hidden sm:inline-block`}>
              Home
            </Link>
            <Link href={paths.agentOnboarding.getHref()} className={linkClass}>
              Become Agent
            </Link>
            <Link href={paths.giftCards.getHref()} className={linkClass}>
              Gift Cards
            </Link>
            {user ? (
              <Button asChild size="sm">
                <Link href={homePathFor(user)}>Dashboard</Link>
              </Button>
            ) : (
              <Button asChild size="sm">
                <Link href={paths.auth.getHref()}>Sign In</Link>
              </Button>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-10 sm:px-6 lg:px-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
