/** Mantine's Tooltip (with floating-ui), in a chunk of its own: see LazyTooltip.tsx. */
export { Tooltip } from '@mantine/core';
