import { CLOSURE_TEXTS } from '../../../contracts/organization-closure';
import { closeOrganization } from '../../../domain/privacy';
import { organizationIdInput } from './organization-output';
import { organizationSchema } from '../../../contracts/organizations-schemas';
import { organizations, ownOrganization } from './area';

export const deleteOrganization = organizations
  .authed(
    'DELETE /organizations/{id}',
    'Close an organization: deleted after a 60-day window in which it can be restored',
    {
      ...ownOrganization,
      description:
        'Schedules the closure (issue 38, the Terms’ 60-day export window): the subscription is ' +
        'cancelled in the payment provider (nothing more is charged; the current period is not ' +
        'refunded), instances are suspended (their portals answer 503 "This site has closed"), ' +
        'custom domains and the tenant subdomain stop being served and `organization.closing` is ' +
        'sent. The organization answers with `status: "closing"` and `purge_at`; until then the ' +
        'owner can export its data and restore it (POST /organizations/{id}/restore). On ' +
        '`purge_at` its data is deleted (`organization.deleted`); invoices are kept 7 years. ' +
        'Other changes to a closing organization answer 409.',
    },
  )
  .answers(
    organizationIdInput,
    organizationSchema,
    (org) => CLOSURE_TEXTS.closing((org.purge_at ?? '').slice(0, 10)),
    ({ ctx, input }) => closeOrganization(ctx.deps, ctx.req, ctx.user, input.id),
  );
