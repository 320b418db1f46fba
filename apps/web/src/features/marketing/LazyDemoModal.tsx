import { lazy, Suspense, useState, type ComponentProps } from 'react';

// The dialog (Modal, focus trap, scroll lock, transitions) loads the first time it opens.
const DemoModal = lazy(() => import('./DemoModal').then((m) => ({ default: m.DemoModal })));

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
