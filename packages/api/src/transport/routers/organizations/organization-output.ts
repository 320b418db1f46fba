import { z } from 'zod';

/** Path input of the organization procedures (the organization's uuid). */
export const organizationIdInput = z.object({ id: z.string() });
