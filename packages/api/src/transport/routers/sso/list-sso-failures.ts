import { z } from 'zod';
import { failureOutput, listFailures } from '../../../domain/sso';
import { organizationIdInput } from '../organizations/organization-output';
import { sso } from './area';

export const listSsoFailures = sso
  .session(
    'GET /organizations/{id}/sso-failures',
    'Refused single sign-on attempts (newest first, the last 100) with the reason',
    { permission: 'manage' },
  )
  .answers(organizationIdInput, z.array(failureOutput), ({ ctx, input }) =>
    listFailures(ctx.deps, ctx.user, input.id),
  );
