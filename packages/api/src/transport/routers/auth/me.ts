import { envelope, ok } from '../../envelope';
import { toUserOutput, userOutput } from '../../../domain/accounts';
import { auth } from './area';

export const me = auth
  .authed('GET /user', 'The signed-in user', { scope: 'profile:read' })
  .output(envelope(userOutput))
  .query(({ ctx }) => ok(toUserOutput(ctx.user)));
