import type { NavLink } from "@/components/layouts/nav-link";
import { paths } from "@/config/paths";
import { useTrustedFor } from "@/features/trusted-parties/api/get-trusted-for";

const TRUSTED_LINK: NavLink = { href: paths.trusted.getHref(), label: "Trusted Party", isHome: false };

/**
 * An area's links, with "Trusted Party" (/trusted) added for a user someone has named as an active trusted party: any
 * signed-in account may be one, so the link follows `GET /api/trusted-for`, not the user type.
 */
export function useNavWithTrustedLink(links: readonly NavLink[]): readonly NavLink[] {
  const trustedFor = useTrustedFor();
  return trustedFor.data && trustedFor.data.length > 0 ? [...links, TRUSTED_LINK] : links;
}
