import { z } from 'zod';

/**
 * A required text input: trimmed, then not empty (`required` answers a missing value and an empty
 * one alike) and at most `max` characters (`tooLong`, by default "Must be at most <max> characters").
 */
export function requiredText(
  required: string,
  max: number,
  tooLong = `Must be at most ${max} characters`,
) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}
