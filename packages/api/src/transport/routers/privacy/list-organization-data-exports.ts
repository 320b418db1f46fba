import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { dataExportOutput, listDataExports } from '../../../domain/privacy';
import { findMemberOrganization } from '../../../domain/memberships';
import { sessionProcedure } from '../../trpc';

const organizationInput = z.object({ id: z.string() });

export const listOrganizationDataExports = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}/data-exports',
      tags: ['privacy'],
      summary: 'An organization’s data exports, newest first (owner and admins)',
      description:
        'Status `pending` while it is built, `ready` until `expires_at` (7 days), then `expired`; ' +
        '`failed` if it could not be built.',
      protect: true,
    },
  })
  .input(organizationInput)
  .output(envelope(z.array(dataExportOutput)))
  .query(async ({ ctx, input }) => {
    const org = await findMemberOrganization(ctx.deps.db, ctx.user.id, input.id, 'manage');
    return ok(await listDataExports(ctx.deps, ctx.user.id, org.id));
  });
