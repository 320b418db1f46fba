import { Table, VisuallyHidden } from '@mantine/core';
import type { ChartDatum, ChartSeries } from './types';

/**
 * The figures of a chart as a table: its text alternative. Visually hidden unless `visible`, so a
 * screen reader always has it and a sighted reader can open it with the chart's "Show data" toggle.
 */
export function ChartDataTable({
  caption,
  data,
  series,
  valueFormat,
  total,
  visible,
  testId,
}: {
  caption: string;
  data: ChartDatum[];
  series: ChartSeries[];
  valueFormat: (n: number) => string;
  total: boolean;
  visible: boolean;
  testId?: string;
}) {
  const table = (
    <Table
      striped
      withTableBorder
      fz="sm"
      mt="xs"
      data-testid={testId ? `${testId}-table` : undefined}
    >
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Period</Table.Th>
          {series.map((s) => (
            <Table.Th key={s.key} scope="col" ta="right">
              {s.label}
            </Table.Th>
          ))}
          {total ? (
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((d) => (
          <Table.Tr key={d.label}>
            <Table.Th scope="row" fw={400}>
              {d.label}
            </Table.Th>
            {series.map((s) => (
              <Table.Td key={s.key} ta="right">
                {valueFormat(d.values[s.key] ?? 0)}
              </Table.Td>
            ))}
            {total ? (
              <Table.Td ta="right">
                {valueFormat(series.reduce((sum, s) => sum + (d.values[s.key] ?? 0), 0))}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return visible ? table : <VisuallyHidden>{table}</VisuallyHidden>;
}
