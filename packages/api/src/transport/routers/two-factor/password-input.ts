import { z } from 'zod';

/** The current password that turning two-factor on or off asks for. */
export const currentPasswordInput = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1000, 'Password is required'),
});
