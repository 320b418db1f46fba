import { confirmPasswordInput, PRIVACY_TEXTS } from '../../../contracts/privacy';
import { confirmPassword as confirm, reauthOutput } from '../../../domain/privacy';
import { privacy } from './area';

export const confirmPassword = privacy
  .session('POST /user/confirm-password', 'Confirm the password before a sensitive operation', {
    description:
      'Marks this session as having confirmed its password for 10 minutes (Laravel Fortify’s ' +
      'name). Downloading a data export and deleting the account answer 403 with code ' +
      '`REAUTH_REQUIRED` without a recent confirmation. 422 for a wrong password; five tries ' +
      'a minute per account.',
  })
  .answers(confirmPasswordInput, reauthOutput, PRIVACY_TEXTS.passwordConfirmed, ({ ctx, input }) =>
    confirm(ctx.deps, ctx.req, ctx.user, ctx.session, input.password),
  );
