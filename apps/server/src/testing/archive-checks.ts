import { expect } from 'vitest';

/** A secret a test planted before the export ran: its kind and its value. */
export type PlantedSecret = { label: string; value: string };

/** An export archive's files as one text (latin1), to search for what must not be in it. */
export function archiveText(files: Record<string, Uint8Array>): string {
  return Object.values(files)
    .map((bytes) => Buffer.from(bytes).toString('latin1'))
    .join('\n');
}

/**
 * No planted secret (of 6 characters or more) is in `text`, and every kind in `kinds` was
 * planted, so a kind the test forgot to plant cannot pass unseen.
 */
export function expectNoPlantedSecret(text: string, secrets: PlantedSecret[], kinds: string[]) {
  const found = secrets.filter((s) => s.value.length >= 6 && text.includes(s.value));
  expect(found.map((s) => s.label)).toEqual([]);
  for (const label of kinds) expect(secrets.map((s) => s.label)).toContain(label);
}
