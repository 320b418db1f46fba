import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { getStoredToken } from '../../lib/token';
import { useBusyTask } from '../../lib/notify';

const DISMISS_KEY = 'scmp:verification-banner-dismissed';

/** Where the dashboard's Needs attention sends an unverified user (the banner shows even if dismissed). */
export const VERIFICATION_ANCHOR = 'email-verification';

/** The dismissible Email Verification Required banner of the dashboard home, with a resend button. */
export function VerificationBanner({ email }: { email: string }) {
  const { hash } = useLocation();
  const asked = hash === `#${VERIFICATION_ANCHOR}`;
  // Dismissed earlier in this browser session (hidden unless asked for), or closed just now.
  const [dismissedBefore] = useState(() => sessionStorage.getItem(DISMISS_KEY) === '1');
  const [closed, setClosed] = useState(false);
  const [sending, runSend] = useBusyTask();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) ref.current?.scrollIntoView({ block: 'center' });
  }, [asked]);
  if (closed || (dismissedBefore && !asked)) return null;

  const resend = () =>
    runSend(async () => {
      const token = getStoredToken();
      const res = await fetch('/api/v1/auth/resend-verification', {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ email }),
      });
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      if (!res.ok) throw new Error(body?.message || 'Failed to send verification email');
      notifications.show({
        color: 'green',
        message: body?.message || 'Verification email sent successfully',
      });
    }, 'Failed to send verification email');

  return (
    <Alert
      ref={ref}
      id={VERIFICATION_ANCHOR}
      color="yellow"
      variant="light"
      title="Email Verification Required"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        sessionStorage.setItem(DISMISS_KEY, '1');
        setClosed(true);
      }}
    >
      <Stack gap="xs">
        <Text size="sm">
          Please verify your email address ({email}) to unlock every feature. Check your inbox for
          the verification link.
        </Text>
        <Group>
          <Button
            size="xs"
            variant="filled"
            color="dark"
            onClick={() => void resend()}
            loading={sending}
          >
            {sending ? 'Sending...' : 'Resend Verification Email'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
