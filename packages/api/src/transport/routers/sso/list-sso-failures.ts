import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { failureOutput, listFailures } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';
import { ssoManageMeta } from './manage-meta';

export const listSsoFailures = sessionProcedure
  .meta(
    ssoManageMeta({
      method: 'GET',
      path: '/organizations/{id}/sso-failures',
      summary: 'Refused single sign-on attempts (newest first, the last 100) with the reason',
    }),
  )
  .input(organizationIdInput)
  .output(envelope(z.array(failureOutput)))
  .query(async ({ ctx, input }) => ok(await listFailures(ctx.deps, ctx.user, input.id)));
