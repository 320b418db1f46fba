import { z } from 'zod';

/** Path input of the instance procedures. */
export const instanceUuidInput = z.object({ uuid: z.string() });
