import { z } from 'zod';

/**
 * A list filter that may be left out: '' and null (an empty select of a form, an empty query
 * parameter) mean no filter, like leaving it out.
 */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value: unknown) => (value === '' || value === null ? undefined : value),
    schema.optional(),
  );
