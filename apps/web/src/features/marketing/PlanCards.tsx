import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  PLAN_LIST,
  SETUP_FEE_PENCE,
  formatGbp,
  type Plan,
  type PlanId,
} from '@scmp/api/contracts/plans';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session';

const PLAN_BLURB: Record<PlanId, string> = {
  basic: 'For a single school, nursery or camp site, with room to add venues as you grow.',
  unlimited: 'For trusts, federations and camp operators running many sites under one roof.',
};

const preloadSignupPage = () => import('../../pages/auth/SignupPage');
const preloadSubscriptionPage = () => import('../../pages/dashboard/subscription/SubscriptionPage');

function locationsText(plan: Plan): string {
  if (plan.locations === 'unlimited') return 'Unlimited venues';
  return `${plan.locations} venue included`;
}

/** The two plan cards of the shared catalogue, with Get Started (spec part 1 §2, §4). */
export function PlanCards({ headingOrder = 3 }: { headingOrder?: 2 | 3 }) {
  const { isAuthenticated, loading } = useSession();
  const navigate = useNavigate();
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);

  /**
   * Busy while the navigation is in flight: the next page's code is fetched first, so the
   * button reads "Processing..." instead of the page blanking to a loader. A click made while a
   * stored sign-in is still being checked waits for that check, so a signed-in visitor never
   * lands on the sign-up page.
   */
  useEffect(() => {
    if (busyPlan === null || loading) return;
    const target = isAuthenticated ? '/dashboard/subscription' : `/signup?plan=${busyPlan}`;
    const preload = isAuthenticated ? preloadSubscriptionPage : preloadSignupPage;
    let cancelled = false;
    void preload()
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) void navigate(target);
      });
    return () => {
      cancelled = true;
    };
  }, [busyPlan, loading, isAuthenticated, navigate]);

  const getStarted = (plan: Plan) => setBusyPlan(plan.id);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" maw={920} mx="auto">
      {PLAN_LIST.map((plan) => {
        const popular = plan.id === 'basic';
        const busy = busyPlan === plan.id; // until the next page has rendered
        return (
          <Card
            key={plan.id}
            withBorder
            radius="lg"
            padding="xl"
            shadow={popular ? 'lg' : 'sm'}
            data-testid={`plan-${plan.id}`}
            style={popular ? { borderColor: '#D1A103', borderWidth: 2 } : undefined}
          >
            <Stack gap="md" h="100%">
              <Group justify="space-between" align="center">
                <Title order={headingOrder} fz={26}>
                  {plan.name}
                </Title>
                {popular && (
                  <Badge color="#D1A103" c="#0B173D" size="lg" radius="sm" tt="none">
                    Most Popular
                  </Badge>
                )}
              </Group>
              <Text c="dimmed">{PLAN_BLURB[plan.id]}</Text>
              <div>
                <Text component="span" fz={44} fw={800} lh={1}>
                  {formatGbp(plan.pricePence)}
                </Text>
                <Text component="span" c="dimmed" ml={6}>
                  /month
                </Text>
              </div>
              <Stack gap={4}>
                <Text fw={600}>{locationsText(plan)}</Text>
                <Text fz="sm" c="dimmed">
                  {plan.additionalVenuePricePence > 0
                    ? `${formatGbp(plan.additionalVenuePricePence)} per month for each additional venue`
                    : 'No charge for additional venues'}
                </Text>
                <Text fz="sm" c="dimmed">
                  One-time setup fee: {formatGbp(SETUP_FEE_PENCE)}
                </Text>
              </Stack>
              <List
                spacing="xs"
                icon={
                  <ThemeIcon size={20} radius="xl" color="teal">
                    <IconCheck size={13} aria-hidden />
                  </ThemeIcon>
                }
                style={{ flex: 1 }}
              >
                {plan.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
              <Button
                size="md"
                fullWidth
                color={popular ? '#D1A103' : '#0B173D'}
                c={popular ? '#0B173D' : undefined}
                onClick={() => getStarted(plan)}
                disabled={busyPlan !== null}
                aria-label={busy ? 'Processing...' : `Get Started with ${plan.name}`}
              >
                {busy ? 'Processing...' : 'Get Started'}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
