import { z } from 'zod';

/** Path input of every branding procedure: an organization uuid or an instance uuid. */
export const brandingIdInput = z.object({ id: z.string() });
