import {
  createDeps,
  createEventBus,
  silentLogger,
  type AppDeps,
  type Clock,
  type Logger,
} from '@scmp/api';
import { createDb, migrateToLatest, type DbHandle } from '@scmp/db';
import type { ServerConfig } from './config';

export type Runtime = { deps: AppDeps; handle: DbHandle };

/**
 * Opens the database (embedded or PostgreSQL), migrates it and builds the dependencies, with the
 * cache-invalidation bus listening on the database (LISTEN/NOTIFY: every process on one
 * PostgreSQL hears the others' changes). handle.close() stops the bus before the database.
 */
export async function openRuntime(
  config: ServerConfig,
  logger?: Logger,
  clock?: Clock,
): Promise<Runtime> {
  const handle = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    preparedStatements: config.dbPreparedStatements,
  });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  // The server swaps its own logger into deps after start-up; the bus logs through it.
  const current: { deps?: AppDeps } = {};
  const events = await createEventBus({
    db: handle.db,
    logger: () => current.deps?.logger ?? logger ?? silentLogger,
    source:
      handle.kind === 'postgres' ? { databaseUrl: config.databaseUrl } : { pglite: handle.pglite },
  });
  const deps = createDeps({
    db: handle.db,
    dbKind: handle.kind,
    pingDb: handle.ping,
    config,
    events,
    ...(logger ? { logger } : {}),
    ...(clock ? { clock } : {}),
  });
  current.deps = deps;
  const close = async () => {
    await events.close();
    await handle.close();
  };
  return { deps, handle: { ...handle, close } };
}
