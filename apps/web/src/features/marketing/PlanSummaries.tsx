import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { PLAN_LIST, formatGbp } from '@scmp/api/contracts/plans';

/** The plans in brief (name, monthly price, venues), side by side: the home page's pricing. */
export function PlanSummaries() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={760} mx="auto">
      {PLAN_LIST.map((plan) => (
        <Paper key={plan.id} withBorder radius="md" p="lg" data-testid={`summary-${plan.id}`}>
          <Title order={3} fz="xl">
            {plan.name}
          </Title>
          <Text mt="xs">
            <Text component="span" fz={32} fw={800}>
              {formatGbp(plan.pricePence)}
            </Text>
            <Text component="span" c="dimmed">
              {' '}
              /month
            </Text>
          </Text>
          <Text c="dimmed" mt={4}>
            {plan.locations === 'unlimited'
              ? 'Unlimited venues'
              : `${plan.locations} venue included, ${formatGbp(plan.additionalVenuePricePence)} per additional venue`}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
