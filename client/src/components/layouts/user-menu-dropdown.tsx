import { Link } from "wouter";
import { CreditCard, LogOut, Settings, Sparkles } from "lucide-react";
import type { PublicUser } from "@shared/api-types";
import { UserMenuFace } from "@/components/layouts/user-menu-face";
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

/** Spec 000 §2 user menu: Upgrade Plan, Manage Subscription, Settings (issue 15), Sign Out (loaded by user-menu.tsx when first used). */
export function UserMenuDropdown({ user, defaultOpen = false }: { user: PublicUser; defaultOpen?: boolean }) {
  const { logoutMutation } = useAuth();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-1 px-2">
          <UserMenuFace user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          {fullName ? <span className="block font-semibold">{fullName}</span> : null}
          <span className="block truncate text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.pricingTiers.getHref()}>
            <Sparkles aria-hidden="true" />
            Upgrade Plan
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.pricing.getHref()}>
            <CreditCard aria-hidden="true" />
            Manage Subscription
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.settings.getHref()}>
            <Settings aria-hidden="true" />
            Settings
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
