import type { AppConfig } from "../../config";
import type { Db } from "../../db";
import { createMtnProvider } from "./mtn-provider";
import { createTestMomoProvider } from "./test-provider";
import type { MomoProvider } from "./types";

export type { MomoProvider, MomoRequest, MomoStatus } from "./types";
export { MomoProviderError, MomoUnavailableError } from "./types";

/** MOMO_PROVIDER: `test` (default) is the built-in test mode; `mtn` the MTN MoMo collection API (MOMO_* keys). */
export function createMomoProvider(config: AppConfig["momo"], db: Db): MomoProvider {
  if (config.provider === "mtn") return createMtnProvider(config.mtn);
  return createTestMomoProvider(db);
}
