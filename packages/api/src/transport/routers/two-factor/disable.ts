import { disableTwoFactor, TWO_FACTOR_TEXTS } from '../../../domain/two-factor';
import { currentPasswordInput } from './password-input';
import { twoFactor } from './area';

export const disable = twoFactor
  .authed(
    'POST /two-factor/disable',
    'Turn two-factor off (current password required); removes the secret and codes',
  )
  .answers(currentPasswordInput, TWO_FACTOR_TEXTS.disabled, ({ ctx, input }) =>
    disableTwoFactor(ctx.deps, ctx.req, ctx.user, input.password),
  );
