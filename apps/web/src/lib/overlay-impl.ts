/** Mantine's Modal and Drawer, in a chunk of their own: see LazyOverlay.tsx. */
export { Drawer, Modal } from '@mantine/core';
