import { Paper, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The search box of a help-centre list: a named search field with a magnifier. */
export function HelpSearchInput({
  label,
  iconSize,
  value,
  onSearch,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  label: string;
  iconSize: number;
  value: string;
  onSearch: (query: string) => void;
}) {
  return (
    <TextInput
      {...rest}
      type="search"
      aria-label={label}
      leftSection={<IconSearch size={iconSize} aria-hidden />}
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
    />
  );
}

/** Shown instead of a help-centre list when nothing matches the search. */
export function NoResults({
  title,
  order,
  testId,
  children,
}: {
  title: string;
  order: 2 | 3;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center" data-testid={testId}>
      <Title order={order} fz="lg">
        {title}
      </Title>
      <Text c="dimmed" mt="xs">
        {children}
      </Text>
    </Paper>
  );
}
