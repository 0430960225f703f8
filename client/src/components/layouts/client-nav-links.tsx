import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import type { NavLink } from "@/components/layouts/nav-link";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";

function isActive(location: string, link: NavLink): boolean {
  return location === link.href || (link.isHome && location === paths.home.getHref());
}

type ClientNavLinksProps = {
  id: string;
  /** Spec 000 §2 top navigation, in the spec's order. */
  links: readonly NavLink[];
  isOpen: boolean;
  onNavigate: () => void;
  /** Shown under the links on small screens only (plan badge and Upgrade Plan). */
  children?: ReactNode;
};

/** A wrapping row from lg up; below that a vertical list the menu button opens. */
export function ClientNavLinks({ id, links, isOpen, onNavigate, children }: ClientNavLinksProps) {
  const [location] = useLocation();
  return (
    <nav id={id} aria-label="Main" className={cn("pb-3 lg:block", isOpen ? "block" : "hidden")}>
      <ul className="flex flex-col gap-1 lg:flex-row lg:flex-wrap">
        {links.map((link) => {
          const active = isActive(location, link);
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
