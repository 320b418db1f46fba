import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Stands in for `useMergeRefs` of @floating-ui/react where Mantine's ScrollArea imports it (see
 * vite.config.ts): the one helper ScrollArea takes from floating-ui, so that a page with a modal or
 * a scrolling table does not download the dropdown positioning library (15 KB gzip) for it.
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
