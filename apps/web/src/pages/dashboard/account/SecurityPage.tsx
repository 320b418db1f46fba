import {
  Alert,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useLocation } from 'react-router';
import type { ReactNode } from 'react';
import {
  IconMailCheck,
  IconMailExclamation,
  IconShieldCheck,
  IconShieldX,
} from '@tabler/icons-react';
import { ActiveSessionsCard, ChangePasswordCard } from '../../../features/account';
import { PasskeysCard } from '../../../features/passkeys';
import { useSession } from '../../../features/session';
import { TwoFactorCard } from '../../../features/two-factor';
import { usePageMeta } from '../../../lib/page-meta';

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
    <Paper withBorder p="md" radius="md">
      <Group wrap="nowrap">
        <ThemeIcon color={good ? 'green' : 'yellow'} variant="light" size="xl" aria-hidden>
          {icon}
        </ThemeIcon>
        <div>
          <Text size="sm" c="gray.7">
            {label}
          </Text>
          <Text fw={600} data-testid={`tile-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </Text>
        </div>
      </Group>
    </Paper>
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
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Security</Title>
          <Text c="gray.7">Keep your account secure.</Text>
        </div>
        {required && !twoFactor ? (
          <Alert
            color="yellow"
            variant="light"
            c="dark.7"
            title="Two-factor authentication required"
          >
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
        <TwoFactorCard />
        <PasskeysCard />
      </Stack>
    </Container>
  );
}
