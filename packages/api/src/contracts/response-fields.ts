import { z } from 'zod';

/**
 * Field sets that many response shapes share: one definition each, spread into the shape's
 * z.strictObject where the fields stand (the OpenAPI document inlines them there, in that order).
 */

/** A record's public id, answered twice: `id` repeats the uuid (never the internal row id). */
export const publicIdFields = { id: z.string(), uuid: z.string() };

/** The values of publicIdFields for a record: its uuid, twice. */
export const publicIds = (uuid: string) => ({ id: uuid, uuid });

/** When a record was created and last changed, as ISO 8601 strings. */
export const timestampFields = { created_at: z.string(), updated_at: z.string() };

/** Another record named in an answer: its uuid and name (an organization, an inviter). */
export const namedRefSchema = z.strictObject({ uuid: z.string(), name: z.string() });

/** A person named in an answer: uuid, name and e-mail address (a ticket's customer, a member). */
export const userRefSchema = namedRefSchema.extend({ email: z.string() });
