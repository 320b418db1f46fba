import type { ComponentProps } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { OpenedOnce } from '../../lib/LazyOverlay';

// The dialog (Modal, focus trap, scroll lock, transitions) loads the first time it opens.
const DemoModal = lazyNamed(() => import('./DemoModal'), 'DemoModal');

/** DemoModal, loaded on first open and kept mounted afterwards (so it can animate closed). */
export function LazyDemoModal(props: ComponentProps<typeof DemoModal>) {
  return <OpenedOnce overlay={DemoModal} props={props} />;
}
