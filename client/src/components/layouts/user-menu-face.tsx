import { ChevronDown } from "lucide-react";
import type { PublicUser } from "@shared/api-types";

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
