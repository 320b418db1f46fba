import { Box, Text } from '@mantine/core';
import type { InstanceHealth } from './types';

const WIDTH = 600;
const HEIGHT = 140;
const PAD = { top: 10, right: 8, bottom: 20, left: 44 };

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The chart's text alternative: the figures a reader needs from it, in one sentence. */
export function responseTimeSummary(checks: InstanceHealth['checks']): string {
  const healthy = checks.filter((c) => c.healthy).map((c) => c.response_ms);
  const failed = checks.length - healthy.length;
  if (checks.length === 0) return 'No checks in the last 24 hours.';
  const parts = [
    `${checks.length} checks in the last 24 hours`,
    healthy.length > 0
      ? `median response ${median(healthy)} ms, slowest ${Math.max(...healthy)} ms`
      : 'none healthy',
    `${failed} failed`,
  ];
  return `${parts.join('; ')}.`;
}

/**
 * Response time of each check over the last 24 hours as an SVG line (no chart library: the page
 * stays small); failed checks are red marks on the baseline. Colours come from the theme's
 * variables, so the chart reads in light and dark schemes.
 */
export function ResponseTimeChart({ checks }: { checks: InstanceHealth['checks'] }) {
  if (checks.length === 0) return null;
  const times = checks.map((c) => new Date(c.checked_at).getTime());
  const start = Math.min(...times);
  const end = Math.max(...times, start + 1);
  const healthyMs = checks.filter((c) => c.healthy).map((c) => c.response_ms);
  const top = Math.max(10, ...healthyMs) * 1.1;
  const x = (t: number) =>
    PAD.left + ((t - start) / (end - start)) * (WIDTH - PAD.left - PAD.right);
  const y = (ms: number) => HEIGHT - PAD.bottom - (ms / top) * (HEIGHT - PAD.top - PAD.bottom);
  const points = checks
    .filter((c) => c.healthy)
    .map((c) => `${x(new Date(c.checked_at).getTime()).toFixed(1)},${y(c.response_ms).toFixed(1)}`);
  const hour = (t: number) =>
    new Date(t).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return (
    <Box component="figure" m={0}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={`Response time chart. ${responseTimeSummary(checks)}`}
        data-testid="response-time-chart"
        style={{ display: 'block' }}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          stroke="var(--mantine-color-default-border)"
        />
        <text
          x={PAD.left - 6}
          y={PAD.top + 8}
          textAnchor="end"
          fontSize="10"
          fill="var(--mantine-color-dimmed)"
        >
          {Math.round(top)} ms
        </text>
        <text
          x={PAD.left - 6}
          y={HEIGHT - PAD.bottom}
          textAnchor="end"
          fontSize="10"
          fill="var(--mantine-color-dimmed)"
        >
          0
        </text>
        <text x={PAD.left} y={HEIGHT - 4} fontSize="10" fill="var(--mantine-color-dimmed)">
          {hour(start)}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 4}
          textAnchor="end"
          fontSize="10"
          fill="var(--mantine-color-dimmed)"
        >
          {hour(end)}
        </text>
        {points.length > 1 ? (
          <polyline
            points={points.join(' ')}
            fill="none"
            stroke="var(--mantine-color-blue-filled)"
            strokeWidth="1.5"
            data-testid="response-time-line"
          />
        ) : null}
        {checks
          .filter((c) => !c.healthy)
          .map((c) => (
            <rect
              key={c.checked_at}
              x={x(new Date(c.checked_at).getTime()) - 1.5}
              y={HEIGHT - PAD.bottom - 8}
              width="3"
              height="8"
              fill="var(--mantine-color-red-filled)"
            />
          ))}
      </svg>
      <Text component="figcaption" size="sm" c="dimmed">
        {responseTimeSummary(checks)}
      </Text>
    </Box>
  );
}
