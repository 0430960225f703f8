import { ASSET_KINDS } from "@shared/asset-types";
import { USER_QUERY_KEY } from "@/lib/auth";

const LIST_PATH = ASSET_KINDS.online_accounts.apiPath;

/** Keys start with the API path, so the default query function reads them (spec 000 §7). */
export const onlineAccountKeys = {
  all: () => [LIST_PATH] as const,
  list: () => [LIST_PATH] as const,
  /**
   * Reads owned elsewhere that an account write changes: the Assets screen's unified index, the dashboard counters
   * and the signed-in user. Prefix keys, matching their owners' key factories.
   */
  affected: () => [["/api/asset-index"], ["/api/dashboard/stats"], USER_QUERY_KEY] as const,
};
