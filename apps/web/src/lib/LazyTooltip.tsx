import type { TooltipProps } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';

let TooltipImpl: ComponentType<TooltipProps> | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

function loadTooltip(): Promise<void> {
  loading ??= import('./tooltip-impl').then((m) => {
    TooltipImpl = m.Tooltip;
    for (const drawn of waiting) drawn();
    waiting.clear();
  });
  return loading;
}

/**
 * What a user does before a tooltip can matter to them: move a pointer, touch, press a key. Focus
 * alone is left out, since the app moves focus to the page heading itself after a navigation.
 */
const INTERACTIONS = ['pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;
let armed = false;

function loadOnFirstInteraction(): void {
  for (const type of INTERACTIONS) window.removeEventListener(type, loadOnFirstInteraction, true);
  void loadTooltip();
}

function armFirstInteraction(): void {
  if (armed) return;
  armed = true;
  for (const type of INTERACTIONS) {
    window.addEventListener(type, loadOnFirstInteraction, { capture: true, passive: true });
  }
}

/**
 * Mantine's Tooltip, fetched at the user's first interaction with the page (issue 36):
 * floating-ui and the Tooltip (~20 KB gzip) are not among the scripts a page needs to draw, and a
 * tooltip shows only to a pointer or keyboard. Until it arrives the child is drawn alone (its
 * label, e.g. an aria-label, is the child's own); then the same child with its tooltip.
 */
export function LazyTooltip(props: TooltipProps) {
  const [, setLoaded] = useState(TooltipImpl !== null);
  useEffect(() => {
    if (TooltipImpl) return;
    const drawn = () => setLoaded(true);
    waiting.add(drawn);
    armFirstInteraction();
    return () => {
      waiting.delete(drawn);
    };
  }, []);
  return TooltipImpl ? <TooltipImpl {...props} /> : props.children;
}
