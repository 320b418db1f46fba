/** The entry of a TTL map stored under `key` while it has not expired; an expired one is dropped. */
export function freshEntry<E extends { expires: number }>(
  map: Map<string, E>,
  key: string,
  nowMs: number,
): E | undefined {
  const entry = map.get(key);
  if (entry && entry.expires <= nowMs) {
    map.delete(key);
    return undefined;
  }
  return entry;
}
