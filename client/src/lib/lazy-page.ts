import { lazy, type ComponentType } from "react";

/** React.lazy for a named export, so every screen becomes its own chunk. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
