import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBuilding,
  IconCircleCheckFilled,
  IconCircleDashed,
  IconCreditCard,
  IconHeadset,
  IconServer,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../features/session/SessionProvider';
import { usePageMeta } from '../../lib/page-meta';
import { getStoredToken } from '../../lib/token';
import { useTRPC } from '../../lib/trpc';

const TILES: Array<{ to: string; title: string; description: string; icon: ReactNode }> = [
  {
    to: '/dashboard/organizations',
    title: 'Organizations',
    description: 'Create and manage your schools, nurseries and camps.',
    icon: <IconBuilding size={22} />,
  },
  {
    to: '/dashboard/instances',
    title: 'Instances',
    description: 'Deploy and manage your hosted, branded portals.',
    icon: <IconServer size={22} />,
  },
  {
    to: '/dashboard/subscription',
    title: 'Subscription',
    description: 'Choose a plan, manage billing and download invoices.',
    icon: <IconCreditCard size={22} />,
  },
  {
    to: '/dashboard/support',
    title: 'Support',
    description: 'Raise a ticket and follow the replies from our team.',
    icon: <IconHeadset size={22} />,
  },
];

const DISMISS_KEY = 'scmp:verification-banner-dismissed';

function VerificationBanner({ email }: { email: string }) {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISS_KEY) === '1');
  const [sending, setSending] = useState(false);
  if (dismissed) return null;

  const resend = async () => {
    setSending(true);
    try {
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
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof Error ? error.message : 'Failed to send verification email',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      title="Email Verification Required"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        sessionStorage.setItem(DISMISS_KEY, '1');
        setDismissed(true);
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

type Step = { label: string; done: boolean; action?: ReactNode };

function GettingStarted() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.publicSite.dashboardSummary.queryOptions());
  const counts = summary.data?.data;
  const steps: Step[] = [
    { label: 'Account created', done: true },
    {
      label: 'Create your first organization',
      done: (counts?.organization_count ?? 0) > 0,
      action: (
        <Anchor component={Link} to="/dashboard/organizations" size="sm">
          Create organization
        </Anchor>
      ),
    },
    {
      label: 'Configure branding',
      done: (counts?.branded_organization_count ?? 0) > 0,
      action: (
        <Anchor component={Link} to="/dashboard/organizations" size="sm">
          Choose an organization to brand
        </Anchor>
      ),
    },
    {
      label: 'Set up your first instance',
      done: (counts?.instance_count ?? 0) > 0,
      action: (
        <Anchor component={Link} to="/dashboard/instances" size="sm">
          Deploy an instance
        </Anchor>
      ),
    },
  ];
  const doneCount = steps.filter((s) => s.done).length;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="getting-started">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3" id="getting-started">
          Getting Started
        </Title>
        {summary.isPending ? null : (
          <Text size="sm" c="dimmed">
            {doneCount} of {steps.length} complete
          </Text>
        )}
      </Group>
      {summary.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading checklist">
          {steps.map((s) => (
            <Skeleton key={s.label} h={28} />
          ))}
        </Stack>
      ) : (
        <List spacing="sm" listStyleType="none" aria-label="Getting Started checklist">
          {steps.map((step) => (
            <List.Item
              key={step.label}
              icon={
                step.done ? (
                  <ThemeIcon color="green" variant="transparent" size={22}>
                    <IconCircleCheckFilled size={22} aria-label="Done" />
                  </ThemeIcon>
                ) : (
                  <ThemeIcon color="gray" variant="transparent" size={22}>
                    <IconCircleDashed size={22} aria-label="To do" />
                  </ThemeIcon>
                )
              }
              data-done={step.done ? 'true' : 'false'}
            >
              <Group gap="sm">
                <Text
                  td={step.done ? 'line-through' : undefined}
                  c={step.done ? 'dimmed' : undefined}
                >
                  {step.label}
                </Text>
                {!step.done && step.action}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {summary.isError ? (
        <Text size="sm" c="red" mt="sm">
          We could not load your progress. The checklist may be incomplete.
        </Text>
      ) : null}
    </Card>
  );
}

export default function DashboardHomePage() {
  usePageMeta('Dashboard');
  const { user, needsVerification } = useSession();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Welcome back, {user?.name}!</Title>
          <Text c="dimmed">
            Manage your organizations, instances, subscription and support from here.
          </Text>
        </Stack>
        {needsVerification && user ? <VerificationBanner email={user.email} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {TILES.map((tile) => (
            <Card
              key={tile.to}
              component={Link}
              to={tile.to}
              withBorder
              padding="lg"
              radius="md"
              aria-label={tile.title}
              style={{ textDecoration: 'none' }}
            >
              <ThemeIcon size={44} radius="md" variant="light" mb="sm" aria-hidden>
                {tile.icon}
              </ThemeIcon>
              <Title order={2} size="h4">
                {tile.title}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {tile.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <GettingStarted />
      </Stack>
    </Container>
  );
}
