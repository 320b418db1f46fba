import { messageEnvelope, okMessage } from '../../envelope';
import { disableTwoFactor, TWO_FACTOR_TEXTS } from '../../../domain/two-factor';
import { currentPasswordInput } from './password-input';
import { twoFactor } from './area';

export const disable = twoFactor
  .authed(
    'POST /two-factor/disable',
    'Turn two-factor off (current password required); removes the secret and codes',
  )
  .input(currentPasswordInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await disableTwoFactor(ctx.deps, ctx.req, ctx.user, input.password);
    return okMessage(TWO_FACTOR_TEXTS.disabled);
  });
