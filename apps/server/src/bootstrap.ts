import { createDeps, type AppDeps, type Logger } from '@scmp/api';
import { createDb, migrateToLatest, type DbHandle } from '@scmp/db';
import type { ServerConfig } from './config';

export type Runtime = { deps: AppDeps; handle: DbHandle };

/** Opens the database (embedded or PostgreSQL), migrates it and builds the dependencies. */
export async function openRuntime(config: ServerConfig, logger?: Logger): Promise<Runtime> {
  const handle = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const deps = createDeps({
    db: handle.db,
    pingDb: handle.ping,
    config,
    ...(logger ? { logger } : {}),
  });
  return { deps, handle };
}
