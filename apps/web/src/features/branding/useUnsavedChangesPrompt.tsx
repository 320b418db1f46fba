import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  addNavigationGuard,
  isNavigationHeld,
  proceedHeldNavigation,
  resetHeldNavigation,
  subscribeHeldNavigation,
} from '../../lib/navigation-guard';
import { LazyModal } from '../../lib/LazyOverlay';

/**
 * Asks before leaving with unsaved changes: in-app navigation (links, back/forward) through the
 * app history's navigation guard (a confirmation dialog), reloads and tab closes through
 * beforeunload.
 */
export function UnsavedChangesPrompt({ when, message }: { when: boolean; message: string }) {
  const whenRef = useRef(when);
  whenRef.current = when;
  useEffect(
    () =>
      addNavigationGuard((current, next) => whenRef.current && current.pathname !== next.pathname),
    [],
  );
  // Leaving the page some other way forgets a held navigation.
  useEffect(() => () => resetHeldNavigation(), []);
  const blocked = useSyncExternalStore(subscribeHeldNavigation, isNavigationHeld);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <LazyModal opened={blocked} onClose={resetHeldNavigation} title="Unsaved changes" centered>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={resetHeldNavigation}>
          Stay on this page
        </Button>
        <Button color="red" onClick={proceedHeldNavigation}>
          Leave without saving
        </Button>
      </Group>
    </LazyModal>
  );
}
