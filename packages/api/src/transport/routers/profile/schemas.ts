import { z } from 'zod';
import { newPasswordField } from '../auth/schemas';

export const changePasswordInput = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(1024, 'Current password is required'),
    password: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .pipe(newPasswordField),
    password_confirmation: z
      .string({ error: 'Please confirm your new password' })
      .min(1, 'Please confirm your new password'),
    revoke_api_tokens: z
      .boolean({ error: 'revoke_api_tokens must be true or false.' })
      .default(true)
      .describe('Also revoke every API token of the account (default true).'),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: 'Passwords do not match',
    path: ['password_confirmation'],
  });

/** A list page: `data` is the array, `next_cursor` fetches the next page (null at the end). */
const LIMIT_TEXT = 'The limit must be a number from 1 to 100.';

/** A page size from 1 to 100 (query strings arrive as text). */
export const pageLimit = (defaultSize: number) =>
  z.coerce
    .number({ error: LIMIT_TEXT })
    .int(LIMIT_TEXT)
    .min(1, LIMIT_TEXT)
    .max(100, LIMIT_TEXT)
    .default(defaultSize);

/** The input of a list read by cursor, 20 a page unless asked. */
export const cursorPageInput = {
  cursor: z.string().max(200).optional(),
  limit: pageLimit(20),
};

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: z.array(item),
    next_cursor: z.string().nullable(),
  });
}
