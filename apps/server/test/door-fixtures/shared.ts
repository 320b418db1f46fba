/*
 * The per-procedure fixtures of doors-agree.test.ts: for every procedure of the router, how to
 * call it on a fresh world (see src/testing/door-world/). The test calls it once through /trpc
 * and once through /api/v1, each on a world of its own, and compares the answers. A procedure
 * without an entry here (or in TRPC_ONLY) fails the test by name.
 *
 * `call` runs once per world (before the calls it is used for); a signed-in procedure is also
 * called anonymously with the same input, and a scoped query with an API token.
 *
 * Adding one: `'area.procedure': { call: async (w) => ({ input: { id: await w.org() } }) },`
 * — `input` is the procedure's input (path parameters included, as tRPC takes it; the REST call
 * is built from it and the meta), `token` the caller (default the world's user session; null:
 * anonymous), `files` multipart parts for an upload (the input's fields are sent beside them).
 * Prefer a call that succeeds; a call that fails in a known way is fine when success needs what
 * only an e-mail or a third party holds (say so in `why`).
 */
import type { DoorWorld } from '../../src/testing/door-world/types';
import type { Json } from '../../src/testing/harness';
import type { MultipartPart } from '../../src/testing/multipart';
import { TINY_PNG } from '../../src/testing/security-fixtures';

export type DoorCall = {
  input?: Json;
  /** The caller's bearer (session or API token); null calls anonymously. Default: w.user.token. */
  token?: string | null;
  /** An upload: these parts are sent as multipart/form-data with the input's fields. */
  files?: MultipartPart[];
};

export type DoorFixture = {
  call: (w: DoorWorld) => Promise<DoorCall> | DoorCall;
  /**
   * Compare the answer's shape only (keys and value types): answers about the whole platform
   * (staff counts), which the other door's world changes between the two calls.
   */
  shapeOnly?: boolean;
  /** Keys of the answer whose values are random per call (beside the test's usual ones). */
  generated?: string[];
  /** Why this call fails on purpose, or anything else a reader should know. */
  why?: string;
};

/** Procedures with no REST path, with the reason (none today: every procedure has one). */
export const TRPC_ONLY: Record<string, string> = {};

/**
 * Procedures on which the doors disagree today, with why. The test asserts this is exactly the
 * set that disagrees: it goes red when one is fixed (remove the entry) or a new one appears.
 */
export const KNOWN_DISAGREEMENTS: Record<string, string> = {};

export const anonymous = (input: Json = {}): DoorCall => ({ input, token: null });
export const png = (field: string): MultipartPart[] => [
  { name: field, filename: 'x.png', bytes: TINY_PNG, type: 'image/png' },
];
/** A call with `input` (default: none) once `prepare` has made what it needs in the world. */
export const after =
  (
    prepare: (w: DoorWorld) => Promise<unknown>,
    input: (w: DoorWorld) => Json | Promise<Json> = () => ({}),
  ) =>
  async (w: DoorWorld): Promise<DoorCall> => {
    await prepare(w);
    return { input: await input(w) };
  };
/** A call with the world's organization as input, once `prepare` has made what it needs in it. */
export const afterInOrg = (prepare: (w: DoorWorld) => Promise<unknown>) =>
  after(prepare, async (w) => ({ id: await w.org() }));
/** A call on the world's organization: its id, then the `fields` the world gives. */
export const inOrg =
  (fields: (w: DoorWorld) => Json | Promise<Json>) =>
  async (w: DoorWorld): Promise<DoorCall> => ({
    input: { id: await w.org(), ...(await fields(w)) },
  });
/** A staff console call: its input (from the world) with the staff token, once `prepare` has run. */
export const asStaff =
  (
    input: (w: DoorWorld) => Json | Promise<Json>,
    prepare: (w: DoorWorld) => Promise<unknown> = async () => undefined,
  ) =>
  async (w: DoorWorld): Promise<DoorCall> => {
    await prepare(w);
    return { input: await input(w), token: await w.staffToken() };
  };
export const NEW_PASSWORD = 'another horse battery staple';
export const UNKNOWN_TOKEN = 'a'.repeat(64);

/**
 * Calls repeated until their throttle refuses them: the 429 (its envelope, Retry-After and
 * RateLimit headers) must be the same on both doors. `times` calls; the last one is compared.
 */
export const THROTTLED_CALLS: {
  path: string;
  times: number;
  call: (w: DoorWorld) => DoorCall;
}[] = [
  {
    path: 'auth.login',
    times: 6,
    call: (w) => anonymous({ email: w.user.email, password: 'wrong password' }),
  },
  {
    path: 'publicSite.contact',
    times: 6,
    call: (w) =>
      anonymous({
        name: 'Ada',
        email: `${w.tag}-contact@example.com`,
        organisation: 'Ada School',
        topic: 'pricing',
        message: 'How much for two venues, please?',
      }),
  },
  {
    path: 'organizations.checkSubdomain',
    times: 31,
    call: (w) => ({ input: { subdomain: `${w.tag}-free` } }),
  },
];
