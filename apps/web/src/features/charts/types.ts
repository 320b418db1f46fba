/** One x position of a chart: its label (shown in the data table) and a value per series key. */
export interface ChartDatum {
  label: string;
  /** Short label for the x axis (e.g. '12 Nov' for 'Wed 12 November 2026'); defaults to `label`. */
  axisLabel?: string;
  values: Record<string, number>;
}

/** A series: the key into `values`, its name in the legend and table, and a Mantine colour name. */
export interface ChartSeries {
  key: string;
  label: string;
  /** Mantine colour name ('blue', 'teal', 'gray'…); drawn as var(--mantine-color-<name>-filled). */
  color: string;
}
