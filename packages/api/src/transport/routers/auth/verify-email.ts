import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { ACCOUNT_MESSAGES, verifyEmailLink } from '../../../domain/accounts';
import { auth } from './area';

export const verifyEmail = auth
  .public(
    'GET /auth/verify-email/{id}/{hash}',
    'Verify an e-mail address from the signed link (browsers get the verification screen)',
    { spaForBrowsers: true },
  )
  .input(
    z.object({
      id: z.string().max(100),
      hash: z.string().max(200),
      expires: z.string().max(20).optional(),
      signature: z.string().max(200).optional(),
    }),
  )
  .output(envelope(z.object({ already_verified: z.boolean() })))
  .query(async ({ ctx, input }) => {
    const outcome = await verifyEmailLink(ctx.deps, input);
    return outcome === 'already-verified'
      ? ok({ already_verified: true }, ACCOUNT_MESSAGES.alreadyVerified)
      : ok({ already_verified: false }, ACCOUNT_MESSAGES.emailVerified);
  });
