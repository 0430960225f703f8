import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * Radix returns focus to a DialogTrigger on close; our dialogs are opened from buttons that are not triggers, so
 * focus would fall to <body>. Remember what had focus when the dialog opened (layout effects run before Radix
 * moves focus) and give it back; if that element is gone, Radix's default applies.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement;
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    if (target instanceof HTMLElement && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  }, []);
}
