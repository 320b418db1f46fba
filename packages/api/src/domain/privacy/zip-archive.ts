import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * One entry of an export, opened only when the archive reaches it: a JSON document or text
 * (a Buffer) or a stored file (a stream).
 */
export type ArchiveEntry = { name: string; open: () => Promise<Buffer | Readable> };

/**
 * Writes a ZIP with yazl straight to a temporary file, one entry at a time (each entry is
 * produced when its turn comes, so neither the archive nor the sum of its files is ever in
 * memory), hands the file to `store` (which streams it to storage), and removes it.
 */
export async function writeZip(
  entries: ArchiveEntry[],
  store: (filePath: string) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scmp-export-'));
  const file = path.join(dir, 'export.zip');
  try {
    const zip = new yazl.ZipFile();
    const failed = new Promise<never>((_resolve, reject) => zip.on('error', reject));
    const written = pipeline(zip.outputStream, createWriteStream(file));
    for (const entry of entries) {
      zip.addReadStreamLazy(entry.name, (cb) => {
        entry.open().then(
          (content) => cb(null, Buffer.isBuffer(content) ? Readable.from([content]) : content),
          (error: Error) => cb(error, undefined as unknown as Readable),
        );
      });
    }
    zip.end();
    await Promise.race([written, failed]);
    await store(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const jsonEntry = (name: string, produce: () => Promise<unknown>): ArchiveEntry => ({
  name,
  open: async () => Buffer.from(`${JSON.stringify(await produce(), null, 2)}\n`, 'utf8'),
});

/** A file name safe inside the archive (no folders, no control characters). */
export function archiveFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(-120);
  return clean || 'file';
}
