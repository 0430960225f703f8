import { lazy, Suspense, useState } from "react";
import { ChevronDown } from "lucide-react";
import type { PublicUser } from "@shared/api-types";
import { Button } from "@/components/ui/button";

const loadDropdown = () => import("@/components/layouts/user-menu-dropdown");
const UserMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).UserMenuDropdown }));

function initialsOf(user: PublicUser): string {
  const letters = `${user.firstName?.[0] ?? ""}${user.lastName?.[0] ?? ""}`;
  return (letters || user.email[0] || "?").toUpperCase();
}

/** What the menu's button shows: the user's initials and a chevron, named "Account menu" for screen readers. */
export function UserMenuFace({ user }: { user: PublicUser }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
      >
        {initialsOf(user)}
      </span>
      <span className="sr-only">Account menu</span>
      <ChevronDown aria-hidden="true" className="text-muted-foreground" />
    </>
  );
}

/**
 * The account menu in the top bar. Its dropdown (and the positioning library behind it) loads when the button is
 * first pointed at, focused or pressed, not with every signed-in page: until then the same button stands in, and
 * pressing it opens the menu as soon as it has loaded.
 */
export function UserMenu({ user }: { user: PublicUser }) {
  const [isWanted, setIsWanted] = useState(false);
  const face = (
    <Button
      variant="ghost"
      className="gap-1 px-2"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setIsWanted(true)}
    >
      <UserMenuFace user={user} />
    </Button>
  );
  if (!isWanted) return face;
  return (
    <Suspense fallback={face}>
      <UserMenuDropdown user={user} defaultOpen />
    </Suspense>
  );
}
