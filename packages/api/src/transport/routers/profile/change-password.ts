import { changePassword as change, PROFILE_TEXTS } from '../../../domain/profile';
import { changePasswordInput } from './schemas';
import { profile } from './area';

export const changePassword = profile
  .session('PUT /profile/password', 'Change the password; signs out every other session', {
    description:
      'Every other session, outstanding password-reset link and open two-factor sign-in ends; ' +
      'every API token is revoked too (their names are e-mailed) unless `revoke_api_tokens` is ' +
      'false. The session making the change stays signed in.',
  })
  .answers(changePasswordInput, PROFILE_TEXTS.passwordUpdated, ({ ctx, input }) =>
    change(ctx.deps, ctx.req, ctx.user, ctx.session, input),
  );
