import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type Module<K extends string> = Record<K, ComponentType>;

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the page's chunk; resolves once it is loaded (never rejects: failures are left to React.lazy). */
  preload(): Promise<void>;
};

/**
 * React.lazy for a named export, so every screen becomes its own chunk. Once `preload()` has loaded the chunk, the
 * first render takes the page at once instead of suspending for a frame: a screen whose chunks were fetched
 * alongside the entry script (app/preload-screen.ts) appears in one commit, without a spinner in between.
 */
export function lazyPage<K extends string>(load: () => Promise<Module<K>>, name: K): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<Module<K>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a later render may try again
        throw error;
      },
    ));
  const component = lazy<ComponentType>(() => {
    if (loaded) {
      const page = { default: loaded };
      // React.lazy reads a thenable that has already settled synchronously, so nothing suspends
      return { then: (resolve: (value: typeof page) => unknown) => resolve(page) } as Promise<typeof page>;
    }
    return start().then((module) => ({ default: module[name] }));
  });
  return Object.assign(component, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
