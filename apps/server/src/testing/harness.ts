import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  createDeps,
  createEventBus,
  createSession,
  silentLogger,
  createTestClock,
  type AppDeps,
  type TestClock,
} from '@scmp/api';

import { createTestDb, type TestDatabase } from '@scmp/db/testing';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { testConfig } from './test-config';
import { insertUserRow } from './user-rows';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type TestResponse = {
  status: number;
  headers: Record<string, unknown>;
  body: Json;
  text: string;
};

export type RequestOptions = {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

export type TestHarness = {
  app: FastifyInstance;
  deps: AppDeps;
  db: AppDeps['db'];
  clock: TestClock;
  config: ServerConfig;
  database: TestDatabase;
  /** Calls the REST door: rest('POST', '/auth/login', { body }). Paths are relative to /api/v1. */
  rest: (
    method: InjectOptions['method'],
    path: string,
    options?: RequestOptions,
  ) => Promise<TestResponse>;
  /** Calls the tRPC door: trpc('query' | 'mutation', 'auth.me', input, { token }). */
  trpc: (
    type: 'query' | 'mutation',
    path: string,
    input?: unknown,
    options?: RequestOptions,
  ) => Promise<TestResponse>;
  /** Creates a user (argon2-hashed password) and optionally a session token for it. */
  createUser: (
    input?: Partial<{
      name: string;
      email: string;
      password: string;
      verified: boolean;
      staff: boolean;
    }>,
  ) => Promise<{
    id: number;
    uuid: string;
    email: string;
    password: string;
    token: string;
  }>;
  close: () => Promise<void>;
};

/** A user `createUser` made: its ids, e-mail, password and (unless asked not to) session token. */
export type TestUser = Awaited<ReturnType<TestHarness['createUser']>>;

function toResponse(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): TestResponse {
  let body: Json = {};
  try {
    body = JSON.parse(res.body) as Json;
  } catch {
    body = {};
  }
  return { status: res.statusCode, headers: res.headers, body, text: res.body };
}

let userCounter = 0;

/** The whole server in-process on a fresh migrated database, with a controllable clock. */
export async function createHarness(overrides: Partial<ServerConfig> = {}): Promise<TestHarness> {
  const database = await createTestDb();
  const config = testConfig(overrides);
  const clock = createTestClock(new Date());
  // The real event bus on the test database, as in production: the session cache serves only
  // while it listens, so every API test runs with the cache on.
  const events = await createEventBus({
    db: database.db,
    logger: () => silentLogger,
    source: { databaseUrl: database.url, pglite: database.pglite },
  });
  const deps = createDeps({
    db: database.db,
    dbKind: database.kind,
    pingDb: database.ping,
    config,
    clock,
    events,
  });
  const app = await buildApp(deps, config, { logger: false });
  await app.ready();

  const authHeaders = (options: RequestOptions) => ({
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  });

  const harness: TestHarness = {
    app,
    deps,
    db: deps.db,
    clock,
    config,
    database,
    async rest(method, path, options = {}) {
      const res = await app.inject({
        method,
        url: `/api/v1${path}`,
        query: options.query,
        headers: authHeaders(options),
        ...(options.body !== undefined
          ? { payload: options.body as InjectOptions['payload'] }
          : {}),
      });
      return toResponse(res);
    },
    async trpc(type, path, input, options = {}) {
      const res =
        type === 'query'
          ? await app.inject({
              method: 'GET',
              url: `/trpc/${path}`,
              query: input === undefined ? {} : { input: JSON.stringify(input) },
              headers: authHeaders(options),
            })
          : await app.inject({
              method: 'POST',
              url: `/trpc/${path}`,
              headers: { 'content-type': 'application/json', ...authHeaders(options) },
              payload: JSON.stringify(input ?? null),
            });
      return toResponse(res);
    },
    async createUser(input = {}) {
      userCounter += 1;
      const email = (input.email ?? `user${userCounter}-${Date.now()}@example.com`).toLowerCase();
      const password = input.password ?? 'correct horse battery staple';
      const { hashPassword } = await import('@scmp/api');
      const row = await insertUserRow(deps.db, {
        name: input.name ?? `Test User ${userCounter}`,
        email,
        password_hash: await hashPassword(password),
        email_verified_at: input.verified === false ? null : clock.now(),
        is_staff: input.staff ?? false,
      });
      const { token } = await createSession(deps, row.id, { ip: '127.0.0.1', userAgent: 'vitest' });
      return { id: row.id, uuid: row.uuid, email, password, token };
    },
    async close() {
      await app.close();
      await events.close();
      await database.close();
    },
  };
  return harness;
}
