import type { DrawerProps, ModalProps } from '@mantine/core';
import { Suspense, useState, type ComponentType } from 'react';
import { lazyNamed } from './lazy-named';

const Modal = lazyNamed(() => import('./overlay-impl'), 'Modal');
const Drawer = lazyNamed(() => import('./overlay-impl'), 'Drawer');

/**
 * `overlay` drawn from the first time it opens; from then on it stays mounted (its close
 * transition runs).
 */
export function OpenedOnce<P extends { opened: boolean }>({
  overlay: Overlay,
  props,
}: {
  overlay: ComponentType<P>;
  props: P;
}) {
  const [once, setOnce] = useState(props.opened);
  if (props.opened && !once) setOnce(true);
  if (!once) return null;
  return (
    <Suspense fallback={null}>
      <Overlay {...props} />
    </Suspense>
  );
}

/**
 * Mantine's Modal, loaded the first time it opens (issue 36): its ScrollArea, FocusTrap and
 * scroll lock (~18 KB gzip) stay out of every page until a dialog is wanted. Same props as Modal.
 */
export function LazyModal(props: ModalProps) {
  return <OpenedOnce overlay={Modal} props={props} />;
}

/** Mantine's Drawer, loaded the first time it opens, as LazyModal. Same props as Drawer. */
export function LazyDrawer(props: DrawerProps) {
  return <OpenedOnce overlay={Drawer} props={props} />;
}
