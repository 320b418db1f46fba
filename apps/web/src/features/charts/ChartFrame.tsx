import { useState, type ReactNode } from 'react';
import { Anchor, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { ChartDataTable } from './ChartDataTable';
import { ChartLegend } from './ChartLegend';
import type { ChartDatum, ChartSeries } from './types';

/**
 * What every chart shares: a <figure> whose SVG is drawn at the measured pixel width (so labels
 * keep their size on a phone), the legend, the one-sentence summary as the figcaption, and the
 * data table (hidden visually until "Show data" is pressed; always read by screen readers).
 */
export function ChartFrame({
  caption,
  summary,
  data,
  series,
  valueFormat,
  total,
  height,
  line,
  testId,
  draw,
}: {
  caption: string;
  summary?: string;
  data: ChartDatum[];
  series: ChartSeries[];
  valueFormat: (n: number) => string;
  total: boolean;
  height: number;
  line?: boolean;
  testId?: string;
  draw: (width: number) => ReactNode;
}) {
  const { ref, width } = useElementSize();
  const [showData, setShowData] = useState(false);
  return (
    <Box component="figure" m={0} data-testid={testId}>
      <div ref={ref} style={{ width: '100%', height }}>
        {width > 0 ? (
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={summary ? `${caption}. ${summary}` : caption}
            style={{ display: 'block', overflow: 'visible' }}
          >
            {draw(width)}
          </svg>
        ) : null}
      </div>
      <Group justify="space-between" align="flex-start" gap="xs" mt={4}>
        <ChartLegend series={series} line={line} />
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => setShowData((v) => !v)}
          aria-expanded={showData}
        >
          {showData ? 'Hide data' : 'Show data'}
        </Anchor>
      </Group>
      <Text component="figcaption" size="sm" c="dimmed" mt={4}>
        <VisuallyHidden>{caption}. </VisuallyHidden>
        {summary}
      </Text>
      <ChartDataTable
        caption={caption}
        data={data}
        series={series}
        valueFormat={valueFormat}
        total={total}
        visible={showData}
        testId={testId}
      />
    </Box>
  );
}
