import { CLOSURE_TEXTS } from '../../../contracts/organization-closure';
import { restoreOrganization as restore } from '../../../domain/privacy';
import { organizationIdInput } from './organization-output';
import { organizationSchema } from '../../../contracts/organizations-schemas';
import { organizations, ownOrganization } from './area';

export const restoreOrganization = organizations
  .authed('POST /organizations/{id}/restore', 'Restore a closing organization within its 60 days', {
    ...ownOrganization,
    description:
      'Puts back the status it had before closing. Its instances stay suspended until resumed; ' +
      'the cancelled subscription is not revived (a new one is needed to resume paid service ' +
      'once its paid period has run out). 409 when the organization is not closing.',
  })
  .answers(organizationIdInput, organizationSchema, CLOSURE_TEXTS.restored, ({ ctx, input }) =>
    restore(ctx.deps, ctx.req, ctx.user, input.id),
  );
