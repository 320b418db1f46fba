import { beforeAll } from 'vitest';
import { type TestHarness } from '../../src/testing/harness';
import { insertOrganizationRow } from '../../src/testing/organization-rows';
import { useHarness } from '../../src/testing/use-harness';

type Owner = Awaited<ReturnType<TestHarness['createUser']>>;

/**
 * The public branding suites' setup: one server for the file and a verified owner, handed to
 * `keep` before the tests; `insertOrg` writes an organization row of that owner (or `owner`).
 */
export function usePublicBrandingWorld(keep: (world: { h: TestHarness; owner: Owner }) => unknown) {
  let h: TestHarness;
  let owner: Owner;
  useHarness((made) => (h = made));
  beforeAll(async () => {
    owner = await h.createUser({ verified: true });
    keep({ h, owner });
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
