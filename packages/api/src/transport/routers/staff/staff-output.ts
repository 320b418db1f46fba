import { z } from 'zod';
import { pageLimit } from '../profile/schemas';

/** Shared input of the staff lists: prefix search, keyset cursor, bounded page size. */
export const staffListInput = {
  q: z.string().trim().max(100).optional(),
  limit: pageLimit(25),
  cursor: z.string().max(400).optional(),
};

export const staffPage = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    next_cursor: z.string().nullable().describe('Opaque; pass as cursor for the next page'),
  });
