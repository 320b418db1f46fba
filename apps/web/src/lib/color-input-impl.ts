/** Mantine's ColorInput (with its Popover, ColorPicker and floating-ui), in a chunk of its own: see LazyColorInput.tsx. */
export { ColorInput } from '@mantine/core';
