/**
 * TrendChart — shared SVG line chart over labelled x values (no chart library).
 *
 * API (stable; same data shape as BarChart):
 *   <TrendChart
 *     data={[{ label: 'November 2026', axisLabel?: 'Nov', values: { mrr: 123400 } }, …]}  // in x order
 *     series={[{ key: 'mrr', label: 'MRR', color: 'teal' }]}  // one line per series
 *     caption="Monthly recurring revenue, last 12 months"   // accessible name and table caption
 *     summary?="£1,234 now, up from £980 a year ago."        // one sentence shown under the chart
 *     height?={200}            // pixels; width is the container's width
 *     valueFormat?={(n) => …}  // axis, tooltip and table figures (default: en-GB number)
 *     axisFormat?={(n) => …}   // y-axis labels only, e.g. whole pounds (default: valueFormat)
 *     area?={true}             // a light fill under a single line (default false)
 *     testId?="mrr-trend"      // data-testid of the <figure>; the table gets `${testId}-table`
 *   />
 *
 * Renders a <figure>: an <svg role="img"> (aria-label = caption + summary) with one <polyline
 * data-series="<key">> per series and a <circle data-series="<key>"> with a <title> tooltip at every
 * point, y grid lines with labels, thinned x labels, a legend, the summary as figcaption and the
 * data table (visually hidden until "Show data"; always in the accessibility tree). The y axis
 * starts at 0 (or below, when values are negative). Colours only from theme variables.
 */
import { ChartAxes, type Plot } from './ChartAxes';
import { ChartFrame } from './ChartFrame';
import { defaultFormat, labelWidth, niceMax, themeColor, yTicks } from './chart-scale';
import type { ChartDatum, ChartSeries } from './types';

export type { ChartDatum, ChartSeries } from './types';

export interface TrendChartProps {
  data: ChartDatum[];
  series: ChartSeries[];
  caption: string;
  summary?: string;
  height?: number;
  valueFormat?: (n: number) => string;
  axisFormat?: (n: number) => string;
  area?: boolean;
  testId?: string;
}

export function TrendChart({
  data,
  series,
  caption,
  summary,
  height = 200,
  valueFormat = defaultFormat,
  axisFormat = valueFormat,
  area = false,
  testId,
}: TrendChartProps) {
  const all = data.flatMap((d) => series.map((s) => d.values[s.key] ?? 0));
  const integers = all.every(Number.isInteger);
  const top = niceMax(Math.max(0, ...all), integers);
  const bottomValue = Math.min(0, ...all);
  const ticks = bottomValue < 0 ? [bottomValue, 0, top] : yTicks(top, integers);

  const draw = (width: number) => {
    const first = data[0];
    const last = data.at(-1);
    const half = (d?: ChartDatum) => (d ? labelWidth(d.axisLabel ?? d.label) / 2 : 0);
    const plot: Plot = {
      left: Math.max(Math.max(...ticks.map((t) => labelWidth(axisFormat(t)))) + 10, half(first)),
      right: width - Math.max(8, half(last)),
      top: 8,
      bottom: height - 24,
    };
    const step = data.length > 1 ? (plot.right - plot.left) / (data.length - 1) : 0;
    const x = (i: number) =>
      data.length > 1 ? plot.left + step * i : (plot.left + plot.right) / 2;
    const y = (v: number) =>
      plot.bottom - ((v - bottomValue) / (top - bottomValue)) * (plot.bottom - plot.top);
    return (
      <>
        <ChartAxes plot={plot} ticks={ticks} y={y} format={axisFormat} data={data} x={x} />
        {series.map((s) => {
          const pts = data.map((d, i) => [x(i), y(d.values[s.key] ?? 0)] as const);
          const line = pts.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ');
          const color = themeColor(s.color);
          return (
            <g key={s.key}>
              {area && series.length === 1 && pts.length > 1 ? (
                <polygon
                  points={`${pts[0]![0].toFixed(1)},${y(0)} ${line} ${pts.at(-1)![0].toFixed(1)},${y(0)}`}
                  fill={color}
                  fillOpacity={0.12}
                />
              ) : null}
              {pts.length > 1 ? (
                <polyline
                  data-series={s.key}
                  points={line}
                  fill="none"
                  stroke={color}
                  strokeWidth={2}
                  strokeLinejoin="round"
                />
              ) : null}
              {pts.map(([px, py], i) => (
                <circle
                  key={data[i]!.label}
                  data-series={s.key}
                  cx={px}
                  cy={py}
                  r={data.length > 40 ? 2 : 3.5}
                  fill={color}
                  stroke="var(--mantine-color-body)"
                  strokeWidth={1}
                >
                  <title>{`${data[i]!.label} — ${s.label}: ${valueFormat(data[i]!.values[s.key] ?? 0)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </>
    );
  };

  return (
    <ChartFrame
      {...{ caption, summary, data, series, valueFormat, height, testId, draw }}
      total={false}
      line
    />
  );
}
