const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public ids are uuids; anything else can never match and must not reach PostgreSQL. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
