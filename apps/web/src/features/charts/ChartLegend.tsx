import { Box, Group, Text } from '@mantine/core';
import type { ChartSeries } from './types';
import { themeColor } from './chart-scale';

/** The series names with their colour swatches, under a chart. */
export function ChartLegend({ series, line }: { series: ChartSeries[]; line?: boolean }) {
  return (
    <Group gap="md" mt={4} aria-hidden="true">
      {series.map((s) => (
        <Group key={s.key} gap={6} wrap="nowrap">
          <Box
            w={line ? 14 : 10}
            h={line ? 3 : 10}
            style={{ background: themeColor(s.color), borderRadius: line ? 2 : 2 }}
          />
          <Text size="xs" c="dimmed">
            {s.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
