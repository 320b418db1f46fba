import { ensurePgliteSnapshot, ensurePostgresTemplate, testDriver } from './testing';

/** Vitest globalSetup: build the migrated snapshot (or template database) once before the workers start. */
export default async function setup(): Promise<void> {
  if (testDriver() === 'postgres') await ensurePostgresTemplate();
  else await ensurePgliteSnapshot();
}
