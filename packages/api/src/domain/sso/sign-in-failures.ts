import { toIso } from '../../core/iso-date';
import { ssoList } from './connection-lookup';
import type { FailureOutput } from './sso-schemas';

/** The organization's last 100 failed single sign-ons, newest first. */
export const listFailures = ssoList(
  'sso_sign_in_failures',
  (_deps, r): FailureOutput => ({
    uuid: r.uuid,
    connection_name: r.connection_name,
    email: r.email,
    reason: r.reason,
    created_at: toIso(r.created_at) ?? '',
  }),
  { direction: 'desc', limit: 100 },
);
