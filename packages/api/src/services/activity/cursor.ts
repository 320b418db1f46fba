/** Opaque keyset cursor over (created_at DESC, id DESC). */
export function encodeCursor(at: Date, id: number): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: number } | null {
  if (cursor.length > 200) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!iso || !id || !/^\d{1,10}$/.test(id)) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return { at, id: Number(id) };
}
