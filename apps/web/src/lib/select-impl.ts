// The Mantine Select (with its Combobox, Popover and floating-ui) as a chunk of its own, loaded by
// DeferredSelect when a picker is first used.
export { Select as default } from '@mantine/core';
