import { Alert, Box, Grid, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { calculateSavings, formatGbp } from '@scmp/api/contracts/plans';
import { useId, useState } from 'react';

const gbp = (pounds: number) => formatGbp(pounds * 100);

function Figure({
  label,
  value,
  testId,
  highlight = false,
}: {
  label: string;
  value: string;
  testId: string;
  highlight?: boolean;
}) {
  return (
    <Paper
      p="md"
      radius="md"
      withBorder
      style={highlight ? { background: '#fff8df', borderColor: '#e5b517' } : undefined}
    >
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * Savings calculator (spec part 1 §5, §9): venues (integer ≥ 1, falls back to 1) and current
 * monthly software cost (integer ≥ 0, falls back to 0) against the platform's monthly cost.
 */
export function SavingsCalculator({ showFirstYear = false }: { showFirstYear?: boolean }) {
  const [venues, setVenues] = useState('1');
  const [currentCost, setCurrentCost] = useState('500');
  const result = calculateSavings(venues, currentCost);
  const headingId = useId();
  const positive = result.monthlySavings > 0;

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      shadow="sm"
      data-testid="savings-calculator"
    >
      <Title order={2} id={headingId} fz={28}>
        Savings calculator
      </Title>
      <Text c="dimmed" mt="xs" mb="lg" maw={640}>
        Add up what you pay each month today for separate attendance, payments, parent messaging and
        compliance tools, then compare it with one SCMP subscription.
      </Text>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <TextInput
              type="number"
              label="Number of venues"
              description="Schools, nursery settings or camp sites (1–100)"
              min={1}
              max={100}
              step={1}
              inputMode="numeric"
              value={venues}
              onChange={(event) => setVenues(event.currentTarget.value)}
              onBlur={() => setVenues(String(Math.max(1, Number.parseInt(venues, 10) || 1)))}
            />
            <TextInput
              type="number"
              label="Current monthly software cost (£)"
              description="Everything you pay per month today, in whole pounds"
              min={0}
              step={1}
              inputMode="numeric"
              value={currentCost}
              onChange={(event) => setCurrentCost(event.currentTarget.value)}
              onBlur={() =>
                setCurrentCost(String(Math.max(0, Number.parseInt(currentCost, 10) || 0)))
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Box aria-live="polite">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Figure
                label="SCMP monthly cost"
                value={gbp(result.platformCost)}
                testId="calc-platform"
              />
              <Figure
                label="Monthly savings"
                value={gbp(result.monthlySavings)}
                testId="calc-monthly"
                highlight={positive}
              />
              <Figure
                label="Yearly savings"
                value={gbp(result.yearlySavings)}
                testId="calc-yearly"
              />
              {result.breakEvenMonths !== null && (
                <Figure
                  label="Break-even on the £200 setup fee"
                  value={`${result.breakEvenMonths} ${result.breakEvenMonths === 1 ? 'month' : 'months'}`}
                  testId="calc-break-even"
                />
              )}
              {showFirstYear && (
                <Figure
                  label="First-year savings (after the £200 setup fee)"
                  value={gbp(result.firstYearSavings)}
                  testId="calc-first-year"
                />
              )}
            </SimpleGrid>
          </Box>
          {!positive && (
            <Alert
              mt="md"
              color="gray.8"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden />}
              data-testid="calc-no-break-even"
            >
              No break-even at these figures: SCMP would cost more each month than you spend today.
              Most schools find their real saving is in staff time, so we are happy to talk it
              through with you.
            </Alert>
          )}
        </Grid.Col>
      </Grid>
      <Text fz="xs" c="dimmed" mt="lg">
        Platform cost: £200 a month for one venue, plus £50 for each additional venue; from 21
        venues the Unlimited plan at £1,200 a month applies. Figures exclude VAT. Break-even is the
        number of months of savings needed to cover the one-time £200 setup fee.
      </Text>
    </Paper>
  );
}
