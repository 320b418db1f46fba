import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listDomains, organizationDomainOutput } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';
import { ssoManageMeta } from './manage-meta';

/**
 * Verified e-mail domains (issue 37): managed by the owner and admins with a session only (no
 * API token reaches account-security settings).
 */
export const listOrganizationDomains = sessionProcedure
  .meta(
    ssoManageMeta({
      method: 'GET',
      path: '/organizations/{id}/domains',
      summary: 'The e-mail domains of an organization, with the DNS record that verifies each',
    }),
  )
  .input(organizationIdInput)
  .output(envelope(z.array(organizationDomainOutput)))
  .query(async ({ ctx, input }) => ok(await listDomains(ctx.deps, ctx.user, input.id)));
