import { lazy, Suspense, useState } from "react";
import type { PublicUser } from "@shared/api-types";
import { UserMenuFace } from "@/components/layouts/user-menu-face";
import { Button } from "@/components/ui/button";

const loadDropdown = () => import("@/components/layouts/user-menu-dropdown");
const UserMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).UserMenuDropdown }));

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
