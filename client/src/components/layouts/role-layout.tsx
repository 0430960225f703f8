import type { ReactNode } from "react";
import { Link } from "wouter";
import { LogOut } from "lucide-react";
import { Brand } from "@/components/brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";
import type { NavLink } from "@/components/layouts/nav-link";
import { SkipLink } from "@/components/layouts/skip-link";

type RoleLayoutProps = {
  /** Names the area in the header, e.g. "Agent" or "Admin". */
  area: string;
  links: readonly NavLink[];
  children: ReactNode;
};

/** Header for the agent and admin areas: the area name, its links and Sign Out. */
export function RoleLayout({ area, links, children }: RoleLayoutProps) {
  const { logoutMutation } = useAuth();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2 sm:px-6 lg:px-8">
          <div className="flex items-center gap-3">
            <Brand />
            <Badge variant="secondary">{area}</Badge>
          </div>
          <nav aria-label="Main" className="flex flex-wrap items-center gap-1 sm:gap-2">
            {links.map((link) => (
              <Button key={link.href} asChild variant="ghost" size="sm">
                <Link href={link.href}>{link.label}</Link>
              </Button>
            ))}
            <Button
              variant="outline"
              size="sm"
              disabled={logoutMutation.isPending}
              onClick={() => logoutMutation.mutate()}
            >
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        {children}
      </main>
    </div>
  );
}
