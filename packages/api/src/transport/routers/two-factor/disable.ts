import { messageEnvelope, okMessage } from '../../envelope';
import { disableTwoFactor, TWO_FACTOR_TEXTS } from '../../../domain/two-factor';
import { authedProcedure } from '../../trpc';
import { currentPasswordInput } from './password-input';

export const disable = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/two-factor/disable',
      tags: ['two-factor'],
      summary: 'Turn two-factor off (current password required); removes the secret and codes',
      protect: true,
    },
  })
  .input(currentPasswordInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await disableTwoFactor(ctx.deps, ctx.req, ctx.user, input.password);
    return okMessage(TWO_FACTOR_TEXTS.disabled);
  });
