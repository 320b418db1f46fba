import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';

/** Where uploaded files live: a local folder by default; an S3-compatible bucket can implement the same. */
export type Storage = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  delete: (key: string) => Promise<void>;
  /** Stores a file from disk without reading it whole into memory (large archives). */
  putFile: (key: string, filePath: string) => Promise<void>;
  /** Streams a stored file, or null when it is not there. */
  openRead: (key: string) => Promise<{ stream: Readable; size: number } | null>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async putFile(key, filePath) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(createReadStream(filePath), createWriteStream(file));
    },
    async openRead(key) {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
