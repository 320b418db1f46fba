import { VisuallyHidden } from '@mantine/core';
import type { Column } from './DataTable';

/** A DataTable column heading only screen readers hear, e.g. "Actions" over a row's buttons. */
export const hiddenHeading = (text: string): Column => ({
  key: text,
  heading: <VisuallyHidden>{text}</VisuallyHidden>,
});
