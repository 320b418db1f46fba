/**
 * BarChart — shared SVG bar chart (no chart library).
 *
 * API (stable):
 *   <BarChart
 *     data={[{ label: 'Wed 12 Nov 2026', axisLabel?: '12 Nov', values: { login: 3, update: 1 } }, …]}
 *     series={[{ key: 'login', label: 'Sign-ins', color: 'blue' }, …]}  // color: Mantine colour name
 *     caption="Events per day, last 30 days"   // accessible name of the figure and the table caption
 *     summary?="42 events; busiest day 12 Nov (9)."  // one sentence shown under the chart
 *     stacked?={true}          // stack the series in one bar per datum (default: bars side by side)
 *     height?={200}            // pixels of the drawing; width is the container's width
 *     valueFormat?={(n) => …}  // axis, tooltip and table figures (default: en-GB number)
 *     axisFormat?={(n) => …}   // y-axis labels only, e.g. whole pounds (default: valueFormat)
 *     testId?="activity-chart" // data-testid of the <figure>; the table gets `${testId}-table`
 *   />
 *
 * Renders a <figure>: an <svg role="img"> whose aria-label is caption + summary, one <rect
 * data-series="<key>"> per non-zero value with a <title> tooltip, y grid lines with labels, thinned
 * x labels, a legend, the summary as figcaption, and a data table (visually hidden until "Show
 * data"; always in the accessibility tree; a Total column when stacked with several series).
 * Colours come only from theme variables (var(--mantine-color-<name>-filled), dimmed,
 * default-border), so the chart reads in light and dark schemes.
 */
import { ChartAxes, type Plot } from './ChartAxes';
import { ChartFrame } from './ChartFrame';
import { defaultFormat, labelWidth, niceMax, themeColor, yTicks } from './chart-scale';
import type { ChartDatum, ChartSeries } from './types';

export type { ChartDatum, ChartSeries } from './types';

export interface BarChartProps {
  data: ChartDatum[];
  series: ChartSeries[];
  caption: string;
  summary?: string;
  stacked?: boolean;
  height?: number;
  valueFormat?: (n: number) => string;
  axisFormat?: (n: number) => string;
  testId?: string;
}

export function BarChart({
  data,
  series,
  caption,
  summary,
  stacked = false,
  height = 200,
  valueFormat = defaultFormat,
  axisFormat = valueFormat,
  testId,
}: BarChartProps) {
  const value = (d: ChartDatum, key: string) => d.values[key] ?? 0;
  const all = data.flatMap((d) => series.map((s) => value(d, s.key)));
  const max = stacked
    ? Math.max(0, ...data.map((d) => series.reduce((sum, s) => sum + value(d, s.key), 0)))
    : Math.max(0, ...all);
  const integers = all.every(Number.isInteger);
  const top = niceMax(max, integers);
  const ticks = yTicks(top, integers);
  const total = stacked && series.length > 1;

  const draw = (width: number) => {
    const lastLabel = data.at(-1);
    const plot: Plot = {
      left: Math.max(...ticks.map((t) => labelWidth(axisFormat(t)))) + 10,
      // Room for half the last x label, which is centred on the last bar.
      right:
        width - Math.max(4, lastLabel ? labelWidth(lastLabel.axisLabel ?? lastLabel.label) / 2 : 4),
      top: 8,
      bottom: height - 24,
    };
    const slot = (plot.right - plot.left) / Math.max(1, data.length);
    const gap = slot > 8 ? Math.min(slot * 0.25, 12) : slot > 3 ? 1 : 0;
    const barWidth = Math.max(1, slot - gap);
    const y = (v: number) => plot.bottom - (v / top) * (plot.bottom - plot.top);
    const cx = (i: number) => plot.left + slot * i + slot / 2;
    return (
      <>
        <ChartAxes plot={plot} ticks={ticks} y={y} format={axisFormat} data={data} x={cx} />
        {data.map((d, i) => {
          const x0 = cx(i) - barWidth / 2;
          let base = 0;
          return (
            <g key={d.label}>
              {series.map((s, j) => {
                const v = value(d, s.key);
                if (v <= 0) return null;
                const w = stacked ? barWidth : barWidth / series.length;
                const x = stacked ? x0 : x0 + j * w;
                const from = stacked ? base : 0;
                if (stacked) base += v;
                return (
                  <rect
                    key={s.key}
                    data-series={s.key}
                    x={x}
                    y={y(from + v)}
                    width={Math.max(1, w - (stacked || series.length === 1 ? 0 : 1))}
                    height={Math.max(1, y(from) - y(from + v))}
                    fill={themeColor(s.color)}
                  >
                    <title>{`${d.label} — ${s.label}: ${valueFormat(v)}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </>
    );
  };

  return (
    <ChartFrame
      {...{ caption, summary, data, series, valueFormat, height, testId, draw }}
      total={total}
    />
  );
}
