import { z } from 'zod';
import { API_SCOPES, API_TOKEN_EXPIRY_DAYS, type ApiScope } from '../../../contracts/api-tokens';

export const createApiTokenInput = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may not be greater than 100 characters.'),
  scopes: z
    .array(
      z.enum(API_SCOPES as [ApiScope, ...ApiScope[]], {
        error: `Each scope must be one of: ${API_SCOPES.join(', ')}.`,
      }),
      { error: 'The scopes field must be a list of scopes.' },
    )
    .min(1, 'Choose at least one scope.')
    .max(API_SCOPES.length * 2, 'Too many scopes.'),
  expires_in_days: z
    .union(
      API_TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)) as unknown as [
        z.ZodLiteral<7>,
        z.ZodLiteral<30>,
        z.ZodLiteral<90>,
        z.ZodLiteral<365>,
        z.ZodLiteral<null>,
      ],
      { error: 'The expiry must be 7, 30, 90 or 365 days, or null for no expiry.' },
    )
    .describe('7, 30, 90, 365, or null for a token that lives until revoked'),
});
