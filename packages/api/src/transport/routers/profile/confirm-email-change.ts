import {
  confirmEmailChange as confirm,
  EMAIL_CHANGE_TEXTS,
  profileOutput,
  toProfileOutput,
} from '../../../domain/profile';
import { emailChangeTokenInput } from '../auth/schemas';
import { profile } from './area';

/** The link sent to the new address, opened signed in to the account that asked. */
export const confirmEmailChange = profile
  .session(
    'POST /profile/email-change/confirm',
    'Confirm a pending e-mail change with the token from the link sent to the new address',
    {
      description:
        'Single use, valid for 24 hours, only for the signed-in account that asked. The address ' +
        'changes and counts as verified, outstanding password-reset links end and the old ' +
        'address is told. 400 for an invalid, used or expired link; 409 when the address ' +
        'belongs to another account by now (the pending change is dropped).',
    },
  )
  .answers(
    emailChangeTokenInput,
    profileOutput,
    (profile) => EMAIL_CHANGE_TEXTS.confirmed(profile.email),
    async ({ ctx, input }) =>
      toProfileOutput(await confirm(ctx.deps, ctx.req, ctx.user, input.token), null),
  );
