import { useEffect, type RefObject } from 'react';

/**
 * While a fixed bottom bar shows: the page gets bottom padding and scroll-padding of the bar's
 * height (so the last controls can scroll above it), and a focused element that would sit under
 * the bar is scrolled above it (WCAG 2.2 SC 2.4.11 "focus not obscured").
 */
export function useFocusNotObscured(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const body = document.body;
    const previous = {
      scrollPadding: root.style.scrollPaddingBottom,
      padding: body.style.paddingBottom,
    };
    const apply = () => {
      const height = Math.ceil(bar.getBoundingClientRect().height);
      root.style.scrollPaddingBottom = `${height}px`;
      body.style.paddingBottom = `${height}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(bar);
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target || target === body || bar.contains(target)) return;
      const rect = target.getBoundingClientRect();
      const top = bar.getBoundingClientRect().top;
      // Covered (fully or partly) by the bar: scroll it just above, with a little room.
      if (rect.bottom > top && rect.top < window.innerHeight) {
        window.scrollBy({ top: rect.bottom - top + 8, behavior: 'instant' });
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      root.style.scrollPaddingBottom = previous.scrollPadding;
      body.style.paddingBottom = previous.padding;
    };
  }, [ref]);
}
