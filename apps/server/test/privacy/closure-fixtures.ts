import { drainJobs } from '../../src/testing/door-world/world-helpers';
import { useHarness } from '../../src/testing/use-harness';
import type { TestHarness } from '../../src/testing/harness';
import type { SecurityResourceSet } from '../../src/testing/security-fixtures';

/** The shared setup of the organization closure tests (organization-closure*.test.ts). */
export let h: TestHarness;
export const DAY = 86_400_000;

/** Runs the due jobs until none is left (the export builder, the mail outbox). */
const drain = () => drainJobs(h);

const orgRow = (uuid: string) =>
  h.db.selectFrom('organizations').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

async function instanceOf(set: SecurityResourceSet) {
  return h.db
    .selectFrom('instances')
    .selectAll()
    .where('uuid', '=', set.instanceUuid!)
    .executeTakeFirstOrThrow();
}

const page = (host: string, url = '/') => h.app.inject({ url, headers: { host } });
const ask = (domain: string) =>
  h.app.inject({
    url: `/api/v1/internal/tls/ask?domain=${encodeURIComponent(domain)}`,
    remoteAddress: '127.0.0.1',
  });

async function withCustomDomain(set: SecurityResourceSet, domain: string) {
  await h.db
    .updateTable('instances')
    .set({ custom_domain: domain, custom_domain_status: 'verified' })
    .where('uuid', '=', set.instanceUuid!)
    .execute();
}

/** One server for the test file; `h` above is set before its tests. */
export function useClosureHarness() {
  useHarness((made) => (h = made));
  return { ask, drain, instanceOf, orgRow, page, withCustomDomain };
}
