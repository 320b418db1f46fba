import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { auth } from './area';

export const validateSession = auth
  .authed('GET /auth/validate-session', 'Whether the bearer token is a live session', {
    scope: 'profile:read',
  })
  .output(envelope(z.object({ valid: z.boolean() })))
  .query(() => ok({ valid: true }));
