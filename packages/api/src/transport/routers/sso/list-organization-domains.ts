import { z } from 'zod';
import { listDomains, organizationDomainOutput } from '../../../domain/sso';
import { organizationIdInput } from '../organizations/organization-output';
import { sso } from './area';

/**
 * Verified e-mail domains (issue 37): managed by the owner and admins with a session only (no
 * API token reaches account-security settings).
 */
export const listOrganizationDomains = sso
  .session(
    'GET /organizations/{id}/domains',
    'The e-mail domains of an organization, with the DNS record that verifies each',
    { permission: 'manage' },
  )
  .answers(organizationIdInput, z.array(organizationDomainOutput), ({ ctx, input }) =>
    listDomains(ctx.deps, ctx.user, input.id),
  );
