/**
 * The one cleaner of every file name the server stores or sends back (ticket attachments and any
 * other upload that keeps its name): no path parts, no control characters, and no invisible
 * format characters (Unicode category Cf: the bidirectional controls U+202A–U+202E,
 * U+2066–U+2069, U+200E, U+200F, U+061C, zero-width characters, U+FEFF…), which would let
 * `evil\u202Egnp.txt` display as "eviltxt.png". Line and paragraph separators go too.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f"\p{Cf}\p{Zl}\p{Zp}]/gu;

export const MAX_FILE_NAME_LENGTH = 200;

export function cleanFileName(name: string, fallback = 'attachment'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE, '').trim();
  return (cleaned || fallback).slice(0, MAX_FILE_NAME_LENGTH);
}
