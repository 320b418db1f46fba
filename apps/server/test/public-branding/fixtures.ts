import { type TestHarness } from '../../src/testing/harness';

/** What the public branding tests share: an organization row of the signed-in owner (or `owner`). */
export function publicBrandingFixtures(harness: () => TestHarness, ownerId: () => number) {
  async function insertOrg(input: {
    subdomain: string | null;
    status?: 'pending' | 'active' | 'inactive';
    name?: string;
    owner?: number;
  }) {
    return harness()
      .db.insertInto('organizations')
      .values({
        owner_id: input.owner ?? ownerId(),
        name: input.name ?? `Org ${input.subdomain ?? 'none'}`,
        type: 'school',
        description: null,
        subdomain: input.subdomain,
        status: input.status ?? 'active',
      })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
  }
  return { insertOrg };
}
