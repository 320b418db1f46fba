import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createS3Storage, signS3Request } from './s3-storage';

const credentials = {
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  date: new Date('2013-05-24T00:00:00Z'),
};
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('signS3Request (AWS SigV4 documented examples)', () => {
  it('signs the GET Object example', () => {
    const headers = signS3Request({
      ...credentials,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: sha(''),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the PUT Object example', () => {
    const headers = signS3Request({
      ...credentials,
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: {
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash: sha('Welcome to Amazon S3.'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});

describe('createS3Storage', () => {
  it('puts, gets and deletes objects through signed requests (path style)', async () => {
    const objects = new Map<string, Buffer>();
    const seen: string[] = [];
    const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = new URL(String(input));
      const headers = init?.headers as Record<string, string>;
      expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=key\//);
      seen.push(`${init?.method} ${url.host}${url.pathname}`);
      if (init?.method === 'PUT') {
        objects.set(url.pathname, Buffer.from(init.body as Uint8Array));
        return new Response(null, { status: 200 });
      }
      if (init?.method === 'GET') {
        const body = objects.get(url.pathname);
        return body ? new Response(new Uint8Array(body)) : new Response(null, { status: 404 });
      }
      objects.delete(url.pathname);
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const storage = createS3Storage({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'scmp',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'uploads/',
      fetch: fakeFetch,
    });
    await storage.put('branding-1.png', Buffer.from('png'));
    expect((await storage.get('branding-1.png'))?.toString()).toBe('png');
    await storage.delete('branding-1.png');
    expect(await storage.get('branding-1.png')).toBeNull();
    expect(seen[0]).toBe('PUT 127.0.0.1:9000/scmp/uploads/branding-1.png');
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
  });
});
