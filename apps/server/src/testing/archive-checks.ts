import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { Json } from './harness';

/** An ISO 8601 time as the exports write dates: `2026-01-02T03:04:05.678Z`. */
export const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Rows as an export file writes them, each named by what it is: its keys exactly, in the file's
 * order, and its `created_at` as an ISO 8601 time.
 */
export function expectExportedRows(rows: Array<[what: string, row: Json, keys: string[]]>): void {
  for (const [what, row, keys] of rows) {
    expect(Object.keys(row), what).toEqual(keys);
    expect(row.created_at, what).toMatch(ISO_TIME);
  }
}

/** A secret a test planted before the export ran: its kind and its value. */
export type PlantedSecret = { label: string; value: string };

/** An export archive's files as one text (latin1), to search for what must not be in it. */
function archiveText(files: Record<string, Uint8Array>): string {
  return Object.values(files)
    .map((bytes) => Buffer.from(bytes).toString('latin1'))
    .join('\n');
}

/**
 * No planted secret (of 6 characters or more) is in `text`, and every kind in `kinds` was
 * planted, so a kind the test forgot to plant cannot pass unseen.
 */
function expectNoPlantedSecret(text: string, secrets: PlantedSecret[], kinds: string[]) {
  const found = secrets.filter((s) => s.value.length >= 6 && text.includes(s.value));
  expect(found.map((s) => s.label)).toEqual([]);
  for (const label of kinds) expect(secrets.map((s) => s.label)).toContain(label);
}

/** A download as `app.inject` answers it. */
type Download = {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  rawPayload: Buffer;
};

/**
 * The export a test file works on: its `uuid` once requested, then its archive, opened from the
 * download (`openDownload`), whose files it reads and checks against the `secrets` planted first.
 */
export function exportArchive(secrets: PlantedSecret[]) {
  let files: Record<string, Uint8Array> = {};
  return {
    uuid: '',
    /** A 200 with the private ZIP attachment `fileName`…, unpacked. */
    openDownload(res: Download, fileName: string): void {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(`attachment; filename="${fileName}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      files = unzipSync(new Uint8Array(res.rawPayload));
    },
    get files(): Record<string, Uint8Array> {
      return files;
    },
    /** One of its JSON files, parsed. */
    json: (name: string): Json => JSON.parse(strFromU8(files[name]!)),
    /** It holds every file named in `names` (and may hold more). */
    expectFiles(names: string[]): void {
      for (const name of names) expect(Object.keys(files), name).toContain(name);
    },
    /** No planted secret (each kind in `kinds` planted) and none of `foreign` is anywhere in it. */
    expectNoneOf(kinds: string[], foreign: string[]): void {
      const text = archiveText(files);
      expectNoPlantedSecret(text, secrets, kinds);
      for (const value of foreign) expect(text, value).not.toContain(value);
    },
  };
}
