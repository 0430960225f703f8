import { lazyPage as page, type LazyPage } from "@/lib/lazy-page";
import type { UserArea } from "@/app/routes";

type AreaShell = {
  /** The area's layout and its switch (app/area-switch.tsx), a chunk of its own. */
  shell: LazyPage;
  /** Takes every address the public and signed-in screens leave, and says "not found" inside its own layout. */
  ownsTheRest?: boolean;
};

/**
 * The areas that frame their screens in a layout of their own. Kept apart from the route table because each shell
 * reads that table: loaded from it, a shell would close an import cycle.
 */
export const AREA_SHELLS: Partial<Record<UserArea, AreaShell>> = {
  client: { shell: page(() => import("./routes/app/client-area"), "ClientArea"), ownsTheRest: true },
  agent: { shell: page(() => import("./routes/roles/role-areas"), "AgentArea") },
  admin: { shell: page(() => import("./routes/roles/role-areas"), "AdminArea") },
};
