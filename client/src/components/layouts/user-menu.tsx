import { Link } from "wouter";
import { ChevronDown, CreditCard, LogOut, Sparkles } from "lucide-react";
import type { PublicUser } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";

function initialsOf(user: PublicUser): string {
  const letters = `${user.firstName?.[0] ?? ""}${user.lastName?.[0] ?? ""}`;
  return (letters || user.email[0] || "?").toUpperCase();
}

/** Spec 000 §2 user menu: Upgrade Plan, Manage Subscription, Sign Out. */
export function UserMenu({ user }: { user: PublicUser }) {
  const { logoutMutation } = useAuth();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-1 px-2">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {initialsOf(user)}
          </span>
          <span className="sr-only">Account menu</span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          {fullName ? <span className="block font-semibold">{fullName}</span> : null}
          <span className="block truncate text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.pricingTiers}>
            <Sparkles aria-hidden="true" />
            Upgrade Plan
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.pricing}>
            <CreditCard aria-hidden="true" />
            Manage Subscription
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => logoutMutation.mutate()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
