import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Storage } from './storage';

/** Settings of an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …). */
export type S3StorageOptions = {
  /** e.g. https://s3.eu-west-2.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), as MinIO needs; otherwise bucket.endpoint/key. */
  forcePathStyle?: boolean;
  /** Optional key prefix inside the bucket, e.g. "uploads/". */
  prefix?: string;
  fetch?: typeof fetch;
  now?: () => Date;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (slashes kept in paths). */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

export type SignInput = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
};

/** AWS Signature Version 4 for the S3 service: returns the headers to send (incl. Authorization). */
export function signS3Request(input: SignInput): Record<string, string> {
  const amzDate = input.date.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    encodePath(decodeURIComponent(input.url.pathname)),
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${input.secretAccessKey}`, day);
  const kRegion = hmac(kDate, input.region);
  const kService = hmac(kRegion, 's3');
  const kSigning = hmac(kService, 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/**
 * The Storage interface on an S3-compatible bucket. Keys are validated like the local storage's,
 * so callers can switch implementations without changes.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const endpoint = new URL(options.endpoint);
  const prefix = options.prefix ?? '';

  const urlOf = (key: string): URL => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    const objectKey = encodePath(`${prefix}${key}`);
    const base = endpoint.pathname.replace(/\/$/, '');
    if (options.forcePathStyle) {
      return new URL(
        `${endpoint.protocol}//${endpoint.host}${base}/${options.bucket}/${objectKey}`,
      );
    }
    return new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}${base}/${objectKey}`);
  };

  const send = async (method: string, key: string, body?: Buffer): Promise<Response> => {
    const url = urlOf(key);
    const payload = body ?? Buffer.alloc(0);
    const headers = signS3Request({
      method,
      url,
      headers: body ? { 'content-length': String(body.length) } : {},
      payloadHash: sha256Hex(payload),
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      date: now(),
    });
    delete headers.host;
    return doFetch(url, {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  };

  return {
    async put(key, bytes) {
      const res = await send('PUT', key, bytes);
      if (!res.ok) throw new Error(`S3 PUT ${key} failed with ${res.status}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed with ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async putFile(key, filePath) {
      // Streamed with an unsigned payload (the body is not hashed up front); TLS protects it.
      const url = urlOf(key);
      const { size } = await stat(filePath);
      const headers = signS3Request({
        method: 'PUT',
        url,
        headers: { 'content-length': String(size) },
        payloadHash: 'UNSIGNED-PAYLOAD',
        region: options.region,
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
        date: now(),
      });
      delete headers.host;
      const res = await doFetch(url, {
        method: 'PUT',
        headers,
        body: Readable.toWeb(createReadStream(filePath)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      if (!res.ok) throw new Error(`S3 PUT ${key} failed with ${res.status}`);
    },
    async openRead(key) {
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed with ${res.status}`);
      return {
        stream: Readable.fromWeb(res.body as WebReadableStream),
        size: Number(res.headers.get('content-length') ?? 0),
      };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404)
        throw new Error(`S3 DELETE ${key} failed with ${res.status}`);
    },
  };
}
