import type { AppDeps } from '../../../app-deps';
import { purgeClosedOrganizations } from './purge';

/** Hourly: organizations past their 60-day closing window are purged (purge.ts). */
export const organizationPurgeTask = {
  name: 'organization-purge',
  everyMs: 60 * 60_000,
  run: (deps: AppDeps) => purgeClosedOrganizations(deps).then(() => undefined),
};
