/**
 * The meta of an operation that creates something: it answers 201 Created, and a retry with the
 * same Idempotency-Key answers the first result instead of creating it twice.
 */
export const createsOnce = { successStatus: 201, idempotent: true } as const;
