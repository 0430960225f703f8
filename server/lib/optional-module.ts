import { createRequire } from "node:module";

const requireFromHere = createRequire(import.meta.url);

/**
 * Loads a package the first time it is needed rather than at start-up: the SDKs of optional back ends (S3, Redis,
 * Stripe) cost 20–30 MB of memory each, and most deployments use one or none of them. Synchronous (CommonJS builds),
 * so the factories that use it keep their signatures.
 */
export function optionalModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}
