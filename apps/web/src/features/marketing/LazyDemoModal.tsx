import { Suspense, useState, type ComponentProps } from 'react';
import { lazyNamed } from '../../lib/lazy-named';

// The dialog (Modal, focus trap, scroll lock, transitions) loads the first time it opens.
const DemoModal = lazyNamed(() => import('./DemoModal'), 'DemoModal');

/** DemoModal, loaded on first open and kept mounted afterwards (so it can animate closed). */
export function LazyDemoModal(props: ComponentProps<typeof DemoModal>) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <DemoModal {...props} />
    </Suspense>
  );
}
