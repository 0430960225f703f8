import { useId, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Menu, Sparkles, X } from "lucide-react";
import { PLANS, normalizePlanId } from "@shared/plans";
import { Brand } from "@/components/brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { ClientNavLinks } from "@/components/layouts/client-nav-links";
import type { NavLink } from "@/components/layouts/nav-link";
import { SiteFooter } from "@/components/layouts/site-footer";
import { SkipLink } from "@/components/layouts/skip-link";
import { UserMenu } from "@/components/layouts/user-menu";

/** The signed-in client's frame: brand, plan badge, Upgrade Plan, notification bell, user menu and the area links. */
export function ClientLayout({
  links,
  headerActions,
  children,
}: {
  links: readonly NavLink[];
  /** Shown beside the user menu for a signed-in user (the area shell passes the notification bell). */
  headerActions?: ReactNode;
  children: ReactNode;
}) {
  const { user } = useAuth();
  const [isNavOpen, setIsNavOpen] = useState(false);
  const navId = useId();
  const planName = PLANS[normalizePlanId(user?.plan)].name;

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex h-16 items-center justify-between gap-3">
            <Brand href={paths.dashboard.getHref()} />
            <div className="flex items-center gap-2">
              <Badge variant="secondary" className="hidden sm:inline-flex">
                <span className="sr-only">Current plan: </span>
                {planName}
              </Badge>
              <Button asChild variant="accent" size="sm" className="hidden sm:inline-flex">
                <Link href={paths.pricingTiers.getHref()}>
                  <Sparkles aria-hidden="true" />
                  Upgrade Plan
                </Link>
              </Button>
              {user ? headerActions : null}
              {user ? <UserMenu user={user} /> : null}
              <Button
                variant="ghost"
                size="icon"
                className="lg:hidden"
                aria-expanded={isNavOpen}
                aria-controls={navId}
                onClick={() => setIsNavOpen((open) => !open)}
              >
                {isNavOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
                <span className="sr-only">{isNavOpen ? "Close navigation" : "Open navigation"}</span>
              </Button>
            </div>
          </div>
          <ClientNavLinks id={navId} links={links} isOpen={isNavOpen} onNavigate={() => setIsNavOpen(false)}>
            <div className="flex items-center justify-between gap-2">
              <Badge variant="secondary">
                <span className="sr-only">Current plan: </span>
                {planName}
              </Badge>
              <Button asChild variant="accent" size="sm">
                <Link href={paths.pricingTiers.getHref()} onClick={() => setIsNavOpen(false)}>
                  <Sparkles aria-hidden="true" />
                  Upgrade Plan
                </Link>
              </Button>
            </div>
          </ClientNavLinks>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
