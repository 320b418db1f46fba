import { CUSTOM_DOMAIN_TEXTS } from '../../../contracts/custom-domain';
import { removeCustomDomain as remove } from '../../../domain/custom-domains';
import { instanceUuidInput } from './instance-output';
import { instanceSchema } from '../../../domain/instances';
import { instances, manageInstances } from './area';

/** DELETE /instances/{uuid}/custom-domain. */
export const removeCustomDomain = instances
  .authed(
    'DELETE /instances/{uuid}/custom-domain',
    'Remove the custom domain; the instance stays on its own host',
    manageInstances,
  )
  .answers(instanceUuidInput, instanceSchema, CUSTOM_DOMAIN_TEXTS.removed, ({ ctx, input }) =>
    remove(ctx.deps, ctx.req, ctx.user, input.uuid),
  );
