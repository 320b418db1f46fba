import { API_TOKEN_TEXTS } from '../../../contracts/api-tokens';
import { AppError } from '../../../core/errors';
import { createApiToken as create, createdApiTokenOutput } from '../../../domain/api-tokens';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import { VERIFICATION_REQUIRED_TEXT } from '../../trpc';
import { createApiTokenInput } from './schemas';
import { createsOnce } from '../../create-meta';
import { apiTokens } from './area';

export const createApiToken = apiTokens
  .session('POST /user/api-tokens', 'Create an API token (shown once)', {
    ...createsOnce,
    description:
      'Returns the token (`scmp_pat_` and 32 random bytes in base62) this once; only its ' +
      'SHA-256 is kept. Needs a verified e-mail; at most 25 live tokens; e-mailed to you and ' +
      'written to the activity log. Signed-in sessions only. 20 an hour.',
  })
  .answers(
    createApiTokenInput,
    createdApiTokenOutput,
    API_TOKEN_TEXTS.created,
    async ({ ctx, input }) => {
      if (!ctx.user.email_verified_at) {
        throw new AppError('FORBIDDEN', VERIFICATION_REQUIRED_TEXT, {
          extra: { email_verification_required: true, email: ctx.user.email },
        });
      }
      await enforceRateLimit(ctx.deps.rateLimiter, `api-token-create:${ctx.user.id}`, 20, 3600);
      return create(ctx.deps, ctx.req, ctx.user, input);
    },
  );
