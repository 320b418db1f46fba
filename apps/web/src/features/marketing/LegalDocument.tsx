import {
  Anchor,
  Box,
  Container,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  type TableProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { MarketingPage } from './MarketingPage';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** A legal page: numbered sections with a table of contents. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  children,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
  children?: ReactNode;
}) {
  return (
    <MarketingPage header={{ title, subtitle: `Last updated: ${updated}` }}>
      <Container size="md" py={56}>
        <Stack gap="xl">
          <Box fz="md">{intro}</Box>
          {children}
          <Paper withBorder radius="md" p="lg" component="nav" aria-label="Contents">
            <Text fw={700} mb="xs">
              Contents
            </Text>
            <List type="ordered" spacing={4}>
              {sections.map((section) => (
                <List.Item key={section.id}>
                  <Anchor underline="always" href={`#${section.id}`}>
                    {section.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Paper>
          {sections.map((section, index) => (
            <Box
              component="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              data-testid="legal-section"
              style={{ scrollMarginTop: 80 }}
            >
              <Title order={2} fz={22} id={`${section.id}-heading`} mb="sm">
                {index + 1}. {section.title}
              </Title>
              <Stack gap="sm" className="legal-body">
                {section.body}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Container>
    </MarketingPage>
  );
}

/** A bulleted list in a legal section, e.g. the rights a person has. */
export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <List spacing={4}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

/**
 * A bordered, striped table in a legal section: a row of column headings, then one row of cells
 * an entry (with `strongFirst`, each row's first cell in bold, e.g. the cookie category).
 */
export function LegalTable({
  columns,
  rows,
  strongFirst = false,
  ...table
}: Omit<TableProps, 'children'> & {
  columns: string[];
  rows: ReactNode[][];
  strongFirst?: boolean;
}) {
  return (
    <Table withTableBorder striped {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((cells, row) => (
          <Table.Tr key={row}>
            {cells.map((cell, index) => (
              <Table.Td key={index} fw={strongFirst && index === 0 ? 600 : undefined}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
