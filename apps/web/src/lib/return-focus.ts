import { useEffect, useRef } from 'react';

/**
 * For an inline form opened by a button: when `open` turns false and focus was lost with the
 * form (it sits on <body>), focus goes back to the button that opened it (issue 40).
 */
export function useReturnFocusOnClose<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      const active = document.activeElement;
      if (!active || active === document.body) ref.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);
  return ref;
}
