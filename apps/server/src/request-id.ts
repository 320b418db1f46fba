import { randomUUID } from 'node:crypto';

const INCOMING_ID = /^[\w-]{1,64}$/;

/** The request id: the caller's X-Request-Id when it is a plain token, else a new UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}
