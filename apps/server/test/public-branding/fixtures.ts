import { beforeAll } from 'vitest';
import type { TestHarness, TestUser } from '../../src/testing/harness';
import { insertOrganizationRow } from '../../src/testing/organization-rows';
import { useHarness } from '../../src/testing/use-harness';

/** The public branding suites' world (public-branding*.test.ts): one server and a verified owner. */
export let h: TestHarness;
export let owner: TestUser;

/**
 * Registers the file's setup (the server, then the owner); `insertOrg` writes an organization row
 * of that owner (or `owner`).
 */
export function usePublicBrandingWorld() {
  useHarness((made) => (h = made));
  beforeAll(async () => {
    owner = await h.createUser({ verified: true });
  });

  async function insertOrg(input: {
    subdomain: string | null;
    status?: 'pending' | 'active' | 'inactive';
    name?: string;
    owner?: number;
  }) {
    return insertOrganizationRow(h.db, {
      owner_id: input.owner ?? owner.id,
      name: input.name ?? `Org ${input.subdomain ?? 'none'}`,
      subdomain: input.subdomain,
      status: input.status,
    });
  }
  return { insertOrg };
}
