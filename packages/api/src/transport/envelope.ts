import { z } from 'zod';

/** Output schema of a REST success body: `{ success: true, message?, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** Output schema of a success body that carries only a message. */
export const messageEnvelope = z.object({ success: z.literal(true), message: z.string() });

export function ok<T>(data: T, message?: string): { success: true; message?: string; data: T } {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/** The success body of a list page: its items as `data`, and `next_cursor` (null on the last page). */
export function okPage<T>(page: { items: T[]; next_cursor: string | null }): {
  success: true;
  data: T[];
  next_cursor: string | null;
} {
  return { success: true, data: page.items, next_cursor: page.next_cursor };
}

export function okMessage(message: string): { success: true; message: string } {
  return { success: true, message };
}
