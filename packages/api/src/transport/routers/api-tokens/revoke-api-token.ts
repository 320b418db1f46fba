import { z } from 'zod';
import { API_TOKEN_TEXTS } from '../../../contracts/api-tokens';
import { revokeApiToken as revoke } from '../../../domain/api-tokens';
import { apiTokens } from './area';

export const revokeApiToken = apiTokens
  .session(
    'DELETE /user/api-tokens/{uuid}',
    'Revoke an API token (at once, on every server process)',
  )
  .answers(z.object({ uuid: z.string().max(64) }), API_TOKEN_TEXTS.revoked, ({ ctx, input }) =>
    revoke(ctx.deps, ctx.req, ctx.user, input.uuid),
  );
