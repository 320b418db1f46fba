import { z } from 'zod';

export const ticketIdInput = z.object({ id: z.string() });
