import { envelope, ok } from '../../envelope';
import {
  EMAIL_CHANGE_TEXTS,
  PROFILE_TEXTS,
  updateProfile as saveProfile,
  profileOutput,
  toProfileOutput,
  profileInput,
} from '../../../domain/profile';
import { profile } from './area';

export const updateProfile = profile
  .authed('PUT /profile', 'Update the personal information', {
    description:
      'A new e-mail address is a request, not a change: it needs `current_password` (422 on ' +
      'the `current_password` field without it or when wrong), a confirmation link valid for ' +
      '24 hours goes to the new address and a notice with a cancel link to the current one, ' +
      'and the account keeps its current address until the link is opened ' +
      '(`POST /profile/email-change/confirm`). The answer carries the pending address in ' +
      '`pending_email`. Optional fields left out stay as they are; empty strings clear them.',
  })
  .input(profileInput)
  .output(envelope(profileOutput))
  .mutation(async ({ ctx, input }) => {
    const saved = await saveProfile(ctx.deps, ctx.req, ctx.user, input);
    return ok(
      toProfileOutput(saved.user, saved.pending),
      saved.emailRequested && saved.pending
        ? EMAIL_CHANGE_TEXTS.pending(saved.pending.email)
        : PROFILE_TEXTS.updated,
    );
  });
