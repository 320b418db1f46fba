import { ComboboxChevron, InputBase, type InputBaseProps, type SelectProps } from '@mantine/core';
import {
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
} from 'react';

const loadSelect = () => import('./select-impl');
const Select = lazy(loadSelect) as unknown as ComponentType<SelectProps>;

type Item = string | { value?: unknown; label?: string; group?: string; items?: readonly Item[] };

/** The label a Select shows for `value`. */
function labelOf(data: readonly Item[] | undefined, value: unknown): string {
  if (value == null || !data) return '';
  for (const item of data) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if (item.items) {
      const found = labelOf(item.items, value);
      if (found) return found;
    } else if (item.value === value) {
      return item.label ?? String(item.value);
    }
  }
  return '';
}

/**
 * A Mantine Select whose dropdown code (Combobox, Popover, floating-ui: ~37 KB gzip) loads when the
 * picker is first pointed at, focused or pressed, not with the page (issue 36). Until then it
 * draws the same input (label, value, chevron, description, error) as a read-only combobox; a
 * press opens the real Select at once, focus moves into it, so mouse, touch and keyboard work as
 * on a plain Select.
 */
export function DeferredSelect(props: SelectProps) {
  const [mode, setMode] = useState<'idle' | 'focus' | 'open'>('idle');
  const {
    data,
    value,
    defaultValue,
    onChange: _onChange,
    allowDeselect: _allowDeselect,
    comboboxProps: _comboboxProps,
    searchable: _searchable,
    nothingFoundMessage: _nothingFoundMessage,
    checkIconPosition: _checkIconPosition,
    withCheckIcon: _withCheckIcon,
    maxDropdownHeight: _maxDropdownHeight,
    onOptionSubmit: _onOptionSubmit,
    clearable: _clearable,
    onFocus,
    onMouseDown,
    ...input
  } = props;

  const placeholder = (handlers: boolean) => (
    <InputBase
      {...(input as InputBaseProps)}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      readOnly
      pointer
      value={labelOf(data as readonly Item[] | undefined, value ?? defaultValue)}
      rightSection={<ComboboxChevron error={input.error} size={input.size} />}
      rightSectionPointerEvents="none"
      onPointerEnter={handlers ? () => void loadSelect() : undefined}
      onFocus={
        handlers
          ? (event: FocusEvent<HTMLInputElement>) => {
              onFocus?.(event);
              if (!input.disabled) setMode('focus');
            }
          : undefined
      }
      onMouseDown={
        handlers
          ? (event: MouseEvent<HTMLInputElement>) => {
              onMouseDown?.(event);
              if (input.disabled || event.button !== 0) return;
              // Open the real picker instead of focusing this one first.
              event.preventDefault();
              setMode('open');
            }
          : undefined
      }
    />
  );

  if (mode === 'idle') return placeholder(true);
  return (
    <Suspense fallback={placeholder(false)}>
      <Select {...props} autoFocus defaultDropdownOpened={mode === 'open'} />
    </Suspense>
  );
}
