import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { failureOutput, listFailures } from '../../../domain/sso';
import { organizationIdInput } from '../organizations/organization-output';
import { sso } from './area';

export const listSsoFailures = sso
  .session(
    'GET /organizations/{id}/sso-failures',
    'Refused single sign-on attempts (newest first, the last 100) with the reason',
    { permission: 'manage' },
  )
  .input(organizationIdInput)
  .output(envelope(z.array(failureOutput)))
  .query(async ({ ctx, input }) => ok(await listFailures(ctx.deps, ctx.user, input.id)));
