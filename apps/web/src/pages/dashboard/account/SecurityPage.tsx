import { Alert, SimpleGrid, Stack, ThemeIcon, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { type ReactNode } from 'react';
import {
  IconMailCheck,
  IconMailExclamation,
  IconShieldCheck,
  IconShieldX,
} from '@tabler/icons-react';
import { ActiveSessionsCard, ChangePasswordCard } from '../../../features/account';
import { PasskeysCard } from '../../../features/passkeys';
import { useSession } from '../../../features/session';
import { DashboardPage } from '../../../lib/DashboardPage';
import { LazySection } from '../../../lib/LazySection';
import { StatTile } from '../../../lib/StatTile';
import { usePageMeta } from '../../../lib/page-meta';
import { lazyNamed } from '../../../lib/lazy-named';

// The two-factor card (its setup wizard and recovery codes) loads after the page's first chunks, as
// on the profile page (issue 36: every route draws within 170 KB of JavaScript).
const TwoFactorCard = lazyNamed(
  () => import('../../../features/two-factor/TwoFactorCard'),
  'TwoFactorCard',
);

function Tile({
  label,
  value,
  good,
  icon,
}: {
  label: string;
  value: string;
  good: boolean;
  icon: ReactNode;
}) {
  return (
    <StatTile
      testIdPrefix="tile"
      label={label}
      value={value}
      icon={
        <ThemeIcon color={good ? 'green' : 'yellow'} variant="light" size="xl" aria-hidden>
          {icon}
        </ThemeIcon>
      }
    />
  );
}

/** After a 403 TWO_FACTOR_REQUIRED (SessionExpiryRedirect): the server's explanation, or null. */
function twoFactorRequiredExplanation(search: string): string | null {
  if (!new URLSearchParams(search).has('two_factor_required')) return null;
  let message: string | null = null;
  try {
    message = sessionStorage.getItem('scmp:two-factor-required');
  } catch {
    message = null;
  }
  return (
    message ??
    'Your organization requires two-factor authentication. Set up an authenticator app or a passkey to continue.'
  );
}

export default function SecurityPage() {
  usePageMeta('Security', 'Password, sessions, two-factor authentication and passkeys.');
  const { user } = useSession();
  const verified = Boolean(user?.email_verified_at);
  const twoFactor = Boolean(user?.two_factor_enabled);
  const required = twoFactorRequiredExplanation(useLocation().search);

  return (
    <DashboardPage title="Security" description="Keep your account secure.">
      {required && !twoFactor ? (
        <Alert color="yellow" variant="light" c="dark.7" title="Two-factor authentication required">
          {required} Once it is on, go back to your organization.
        </Alert>
      ) : null}
      <section aria-labelledby="security-overview">
        <Stack>
          <Title order={2} size="h3" id="security-overview">
            Security Overview
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Tile
              label="Email Verified"
              value={verified ? 'Verified' : 'Not verified'}
              good={verified}
              icon={verified ? <IconMailCheck /> : <IconMailExclamation />}
            />
            <Tile
              label="Two-Factor"
              value={twoFactor ? 'Enabled' : 'Not enabled (Recommended)'}
              good={twoFactor}
              icon={twoFactor ? <IconShieldCheck /> : <IconShieldX />}
            />
          </SimpleGrid>
        </Stack>
      </section>
      <ChangePasswordCard />
      <ActiveSessionsCard />
      <LazySection height={200}>
        <TwoFactorCard />
      </LazySection>
      <PasskeysCard />
    </DashboardPage>
  );
}
