import { runDueJobs } from '@scmp/api';
import type { TestHarness } from '../harness';
import type { DoorWorld } from './types';

/** What every piece of a world is built from: its harness, identity, user and REST door. */
export type WorldBase = Pick<DoorWorld, 'h' | 'idp' | 'tag' | 'ip' | 'user'> & {
  rest: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    token?: string,
  ) => ReturnType<TestHarness['rest']>;
};

export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

export function ok(res: { status: number; text: string }, what: string): void {
  if (res.status < 200 || res.status > 299) throw new Error(`${what}: ${res.status} ${res.text}`);
}

export async function drainJobs(h: TestHarness): Promise<void> {
  for (let i = 0; i < 20; i += 1) if ((await runDueJobs(h.deps, undefined, 10)) === 0) return;
}
