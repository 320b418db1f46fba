import type { DrawerProps, ModalProps } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyNamed } from './lazy-named';

const Modal = lazyNamed(() => import('./overlay-impl'), 'Modal');
const Drawer = lazyNamed(() => import('./overlay-impl'), 'Drawer');

/** Whether the overlay has been opened once: from then on it stays mounted (its close transition runs). */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once;
}

/**
 * Mantine's Modal, loaded the first time it opens (issue 36): its ScrollArea, FocusTrap and
 * scroll lock (~18 KB gzip) stay out of every page until a dialog is wanted. Same props as Modal.
 */
export function LazyModal(props: ModalProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}

/** Mantine's Drawer, loaded the first time it opens, as LazyModal. Same props as Drawer. */
export function LazyDrawer(props: DrawerProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
