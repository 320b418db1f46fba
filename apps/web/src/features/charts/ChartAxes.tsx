import { AXIS_FONT, labelStride } from './chart-scale';
import type { ChartDatum } from './types';

export interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The y axis: where the plot is, its tick values, their height and how they read. */
type YAxisProps = {
  plot: Plot;
  ticks: number[];
  y: (v: number) => number;
  format: (n: number) => string;
};

/** The x axis: the data and the centre of each datum. */
type XAxisProps = { plot: Plot; data: ChartDatum[]; x: (i: number) => number };

/** Horizontal grid lines with their value labels left of the plot. */
export function YAxis({ plot, ticks, y, format }: YAxisProps) {
  return (
    <g aria-hidden="true">
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={plot.left}
            x2={plot.right}
            y1={y(t)}
            y2={y(t)}
            stroke="var(--mantine-color-default-border)"
            strokeDasharray={t === 0 ? undefined : '3 3'}
          />
          <text
            x={plot.left - 6}
            y={y(t)}
            dy="0.32em"
            textAnchor="end"
            fontSize={AXIS_FONT}
            fill="var(--mantine-color-dimmed)"
          >
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** X labels under the plot at the centre of each datum, thinned so they do not overlap. */
export function XLabels({ plot, data, x }: XAxisProps) {
  const stride = labelStride(data.length, plot.right - plot.left);
  return (
    <g aria-hidden="true">
      {data.map((d, i) =>
        (data.length - 1 - i) % stride === 0 ? (
          <text
            key={d.label}
            x={x(i)}
            y={plot.bottom + 16}
            textAnchor="middle"
            fontSize={AXIS_FONT}
            fill="var(--mantine-color-dimmed)"
          >
            {d.axisLabel ?? d.label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** Y grid and labels plus the x labels. */
export function ChartAxes(props: YAxisProps & XAxisProps) {
  return (
    <>
      <YAxis {...props} />
      <XLabels {...props} />
    </>
  );
}
