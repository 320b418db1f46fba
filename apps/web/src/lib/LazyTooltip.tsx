import type { TooltipProps } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';

let TooltipImpl: ComponentType<TooltipProps> | null = null;
let loading: Promise<void> | null = null;
function loadTooltip(): Promise<void> {
  loading ??= import('./tooltip-impl').then((m) => {
    TooltipImpl = m.Tooltip;
  });
  return loading;
}

/**
 * Mantine's Tooltip, fetched once the page has drawn (issue 36): floating-ui (~19 KB gzip) is not
 * among the chunks a page needs before it can draw. Until it arrives the child is drawn alone
 * (its label, e.g. an aria-label, is the child's own); then the same child with its tooltip.
 */
export function LazyTooltip(props: TooltipProps) {
  const [, setLoaded] = useState(TooltipImpl !== null);
  useEffect(() => {
    if (!TooltipImpl) void loadTooltip().then(() => setLoaded(true));
  }, []);
  return TooltipImpl ? <TooltipImpl {...props} /> : props.children;
}
