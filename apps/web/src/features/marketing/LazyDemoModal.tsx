import { Button } from '@mantine/core';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { OpenedOnce } from '../../lib/LazyOverlay';

// The dialog (Modal, focus trap, scroll lock, transitions) loads the first time it opens.
const DemoModal = lazyNamed(() => import('./DemoModal'), 'DemoModal');

/** DemoModal, loaded on first open and kept mounted afterwards (so it can animate closed). */
export function LazyDemoModal(props: ComponentProps<typeof DemoModal>) {
  return <OpenedOnce overlay={DemoModal} props={props} />;
}

/** A page header's "Watch Demo" button and the demo dialog (`title`, `description`) it opens. */
export function WatchDemoButton({
  icon,
  ...demo
}: { icon?: ReactNode } & Omit<ComponentProps<typeof DemoModal>, 'opened' | 'onClose'>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="lg"
        color="#D1A103"
        c="#0B173D"
        leftSection={icon}
        onClick={() => setOpened(true)}
      >
        Watch Demo
      </Button>
      <LazyDemoModal {...demo} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
