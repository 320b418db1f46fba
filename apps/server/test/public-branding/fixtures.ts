import { type TestHarness } from '../../src/testing/harness';
import { insertOrganizationRow } from '../../src/testing/organization-rows';

/** What the public branding tests share: an organization row of the signed-in owner (or `owner`). */
export function publicBrandingFixtures(harness: () => TestHarness, ownerId: () => number) {
  async function insertOrg(input: {
    subdomain: string | null;
    status?: 'pending' | 'active' | 'inactive';
    name?: string;
    owner?: number;
  }) {
    return insertOrganizationRow(harness().db, {
      owner_id: input.owner ?? ownerId(),
      name: input.name ?? `Org ${input.subdomain ?? 'none'}`,
      subdomain: input.subdomain,
      status: input.status,
    });
  }
  return { insertOrg };
}
