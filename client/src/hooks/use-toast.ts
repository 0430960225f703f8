import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "success" | "destructive";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; the provider default is 5000. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: number; open: boolean };

/** Spec 000 §9: at most one notice is visible at a time; a new one replaces the current one. */
const TOAST_LIMIT = 1;
/** Long enough for Radix to finish closing before the item leaves the list. */
const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
}

/** Removes every notice at once, open or closing (the component tests start each test with none). */
export function clearToasts(): void {
  emit([]);
}

/** Shows a notice; callable from anywhere, including mutation callbacks outside components. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
