import { envelope, ok } from '../../envelope';
import { pendingEmailChange, profileOutput, toProfileOutput } from '../../../domain/profile';
import { profile } from './area';

export const getProfile = profile
  .authed('GET /profile', 'The signed-in user profile', {
    scope: 'profile:read',
    description: 'With `pending_email` while a requested e-mail change awaits its confirmation.',
  })
  .output(envelope(profileOutput))
  .query(async ({ ctx }) =>
    ok(toProfileOutput(ctx.user, await pendingEmailChange(ctx.deps, ctx.user.id))),
  );
