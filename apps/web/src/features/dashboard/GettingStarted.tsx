import { Anchor, Card, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useChoosePlanStep } from './choose-plan-step';

type Step = { label: string; done: boolean; action?: ReactNode };

/** The steps of a new account, ticked from GET /dashboard/summary (and the plan from the overview). */
export function GettingStarted() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.dashboard.summary.queryOptions());
  const counts = summary.data?.data;
  const choosePlan = useChoosePlanStep();
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
    choosePlan,
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
