import { beforeAll, expect } from 'vitest';
import type { Json, TestHarness, TestResponse } from './harness';
import { useHarness } from './use-harness';

type User = Awaited<ReturnType<TestHarness['createUser']>>;

/** The organizations tests' world: one server for the file, an owner and another user. */
export type OrganizationsWorld = {
  h: TestHarness;
  owner: User;
  other: User;
  /** POST /organizations with `body`, as the owner unless another token is given. */
  create: (body: Record<string, unknown>, token?: string) => Promise<TestResponse>;
  /** As create, the organization it made (201 expected). */
  made: (body: Record<string, unknown>, token?: string) => Promise<Json>;
};

/** Made before the file's tests (filled in by its beforeAll hooks), closed after them. */
export function useOrganizationsWorld(): OrganizationsWorld {
  const world = {
    create: (body, token = world.owner.token) =>
      world.h.rest('POST', '/organizations', { body, token }),
    made: async (body, token) => {
      const res = await world.create(body, token);
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    },
  } as OrganizationsWorld;
  useHarness((h) => (world.h = h));
  beforeAll(async () => {
    world.owner = await world.h.createUser();
    world.other = await world.h.createUser();
  });
  return world;
}
