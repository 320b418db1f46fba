import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listSessions as list, sessionOutput } from '../../../domain/profile';
import { profile } from './area';

export const listSessions = profile
  .session('GET /profile/sessions', 'The signed-in sessions of this account')
  .output(envelope(z.array(sessionOutput)))
  .query(async ({ ctx }) => ok(await list(ctx.deps, ctx.user, ctx.session)));
