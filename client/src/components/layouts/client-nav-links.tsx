import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";

/** Spec 000 §2 top navigation, in the spec's order. */
export const CLIENT_NAV_LINKS = [
  { href: paths.dashboard, label: "Dashboard" },
  { href: paths.assets, label: "Assets" },
  { href: paths.onlineAccounts, label: "Online Accounts" },
  { href: paths.beneficiaries, label: "Beneficiaries" },
  { href: paths.digitalWill, label: "Digital Will" },
  { href: paths.timeTriggers, label: "Time Triggers" },
  { href: paths.deathVerification, label: "Death Verification" },
  { href: paths.giftCards, label: "Gift Cards" },
  { href: paths.agentOnboarding, label: "Become Agent" },
  { href: paths.backupExport, label: "Backup & Export" },
] as const;

function isActive(location: string, href: string): boolean {
  return location === href || (href === paths.dashboard && location === paths.home);
}

type ClientNavLinksProps = {
  id: string;
  isOpen: boolean;
  onNavigate: () => void;
  /** Shown under the links on small screens only (plan badge and Upgrade Plan). */
  children?: ReactNode;
};

/** A wrapping row from lg up; below that a vertical list the menu button opens. */
export function ClientNavLinks({ id, isOpen, onNavigate, children }: ClientNavLinksProps) {
  const [location] = useLocation();
  return (
    <nav id={id} aria-label="Main" className={cn("pb-3 lg:block", isOpen ? "block" : "hidden")}>
      <ul className="flex flex-col gap-1 lg:flex-row lg:flex-wrap">
        {CLIENT_NAV_LINKS.map((link) => {
          const active = isActive(location, link.href);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={active ? "page" : undefined}
                onClick={onNavigate}
                className={cn(
                  "block rounded-md px-3 py-2 text-sm font-medium transition-colors",
                  active
                    ? "bg-primary text-primary-foreground"
                    : "text-muted-foreground hover:bg-muted hover:text-foreground",
                )}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
      {children ? <div className="mt-3 border-t border-border pt-3 sm:hidden">{children}</div> : null}
    </nav>
  );
}
