import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A list's search box: what the user types (`search`, for the input) and the trimmed query the
 * list asks for once typing pauses for 300 ms (`q`).
 */
export function useSearchQuery() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  return { search, setSearch, q };
}

type SearchFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> & {
  value: string;
  onChange: (value: string) => void;
};

/** A text input with the search icon that reports its text. */
export function SearchField({ onChange, ...props }: SearchFieldProps) {
  return (
    <TextInput
      {...props}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
