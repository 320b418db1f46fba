import { envelope, ok } from '../../envelope';
import {
  resendEmailChange as resend,
  EMAIL_CHANGE_TEXTS,
  profileOutput,
  toProfileOutput,
} from '../../../domain/profile';
import { profile } from './area';

export const resendEmailChange = profile
  .session(
    'POST /profile/email-change/resend',
    'Send a new confirmation link to the pending address (the previous one stops working)',
  )
  .output(envelope(profileOutput))
  .mutation(async ({ ctx }) => {
    const pending = await resend(ctx.deps, ctx.user);
    return ok(toProfileOutput(ctx.user, pending), EMAIL_CHANGE_TEXTS.resent(pending.email));
  });
