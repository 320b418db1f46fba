import { PRIVACY_TEXTS } from '../../../contracts/privacy';
import { requestDataExport, requestedExportOutput } from '../../../domain/privacy';
import { findMemberOrganization } from '../../../domain/memberships';
import { privacy } from './area';
import { organizationIdInput } from '../organizations/organization-output';

export const createOrganizationDataExport = privacy
  .session(
    'POST /organizations/{id}/data-exports',
    'Request an export of an organization’s data (owner and admins)',
    {
      permission: 'manage',
      successStatus: 202,
      description:
        'Starts building one ZIP of the organization’s data (organization, members and roles, ' +
        'invitations, instances and their health history, branding with its files, tickets, ' +
        'subscription and invoices, activity, webhooks and deliveries, domains and SSO ' +
        'connections; never a secret) and README.txt; the requester is e-mailed "Your data ' +
        'export is ready". Allowed while the organization is closing. One export per organization ' +
        'per 24 hours (429 with Retry-After). Download it with GET ' +
        '/organizations/{id}/data-exports/{uuid}/download (a signed-in session that confirmed ' +
        'its password in the last 10 minutes; 7 days).',
    },
  )
  .answers(
    organizationIdInput,
    requestedExportOutput,
    PRIVACY_TEXTS.exportRequested,
    async ({ ctx, input }) => {
      const org = await findMemberOrganization(ctx.deps.db, ctx.user.id, input.id, 'manage');
      return requestDataExport(ctx.deps, ctx.req, ctx.user, org.id);
    },
  );
