import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type RefObject } from 'react';
import classes from './CookieBanner.module.css';
import { useFocusNotObscured } from './use-focus-not-obscured';

type Props = {
  onAcceptAll: () => void;
  onEssentialOnly: () => void;
  onCustomize: () => void;
};

/**
 * Fixed to the bottom of the viewport, so showing or hiding it never shifts the page layout. While
 * it shows, the page keeps room for it and scrolls a focused element above it (WCAG 2.2 "focus not
 * obscured"); when it goes, focus returns to where it was before it entered the banner.
 */
export function CookieBanner({ onAcceptAll, onEssentialOnly, onCustomize }: Props) {
  const ref = useRef<HTMLElement>(null);
  useFocusNotObscured(ref);
  useReturnFocusOnClose(ref);
  return (
    <Paper
      ref={ref}
      component="section"
      role="region"
      aria-label="Cookie consent"
      shadow="xl"
      radius={0}
      withBorder
      className={classes.banner}
    >
      <Group justify="space-between" align="center" gap="xs" maw={1200} mx="auto" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Text fw={700} component="h2" size="md" m={0} className={classes.title}>
            We use cookies to enhance your experience
          </Text>
          <Text size="sm" c="dimmed" className={classes.details}>
            Essential cookies keep the site working. With your permission we also use functional,
            analytics and marketing cookies. Read our{' '}
            <Anchor href="/cookies" target="_blank" rel="noopener noreferrer">
              Cookie Policy
            </Anchor>{' '}
            and{' '}
            <Anchor href="/privacy" target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </Anchor>
            .
          </Text>
          {/* A phone hides the sentence above; the two links stay, on one small line. */}
          <Text size="xs" className={classes.phoneLinks}>
            <Anchor href="/cookies" target="_blank" rel="noopener noreferrer">
              Cookie Policy
            </Anchor>
            {' · '}
            <Anchor href="/privacy" target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </Anchor>
          </Text>
        </Stack>
        <Group gap="sm" className={classes.actions}>
          <Button variant="default" onClick={onEssentialOnly}>
            Essential Only
          </Button>
          <Button variant="light" onClick={onCustomize}>
            Customize
          </Button>
          <Button onClick={onAcceptAll}>Accept All</Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * When the banner goes while focus is in it (a choice was made), focus goes back to the element
 * focused before it entered the banner, or to the main content: never to <body>.
 */
function useReturnFocusOnClose(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const banner = ref.current;
    let before: HTMLElement | null = null;
    let inside = false;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      inside = !!target && !!banner?.contains(target);
      if (!inside && target && target !== document.body) before = target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      if (!inside) return;
      const active = document.activeElement;
      if (active && active !== document.body && !banner?.contains(active)) return;
      const target =
        before?.isConnected === true ? before : document.getElementById('main-content');
      target?.focus({ preventScroll: true });
    };
  }, [ref]);
}
