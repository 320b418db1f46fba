import type { KeyboardEvent } from 'react';

/**
 * Enter in a text field must not submit the form (publishing the branding to the live portal):
 * only the Save button does. Text areas keep their new lines.
 */
export function keepEnterLocal(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}
