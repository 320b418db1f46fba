import { z } from 'zod';
import { dataExportOutput, listDataExports } from '../../../domain/privacy';
import { findMemberOrganization } from '../../../domain/memberships';
import { privacy } from './area';
import { organizationIdInput } from '../organizations/organization-output';

export const listOrganizationDataExports = privacy
  .session(
    'GET /organizations/{id}/data-exports',
    'An organization’s data exports, newest first (owner and admins)',
    {
      permission: 'manage',
      description:
        'Status `pending` while it is built, `ready` until `expires_at` (7 days), then `expired`; ' +
        '`failed` if it could not be built.',
    },
  )
  .answers(organizationIdInput, z.array(dataExportOutput), async ({ ctx, input }) => {
    const org = await findMemberOrganization(ctx.deps.db, ctx.user.id, input.id, 'manage');
    return listDataExports(ctx.deps, ctx.user.id, org.id);
  });
