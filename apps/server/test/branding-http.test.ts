import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { insertOrganizationRow } from '../src/testing/organization-rows';

let h: TestHarness;
let base = '';
beforeAll(async () => {
  h = await createHarness();
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = address;
});
afterAll(() => h.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A new user and their active organization `name` (subdomain `slug-<now>`). */
async function ownOrganization(name: string, slug: string) {
  const user = await h.createUser();
  const subdomain = `${slug}-${Date.now()}`;
  return { user, org: await insertOrganizationRow(h.db, { owner_id: user.id, name, subdomain }) };
}

/** Real HTTP (not inject): oversized and aborted uploads answer cleanly and the server lives on. */
describe('uploads over real HTTP', () => {
  it('answers 413 to an oversized logo and keeps serving', async () => {
    const { user, org } = await ownOrganization('HTTP Org', 'http-org');
    const upload = (bytes: typeof PNG, name: string) => {
      const form = new FormData();
      form.append('logo', new Blob([bytes], { type: 'image/png' }), name);
      return fetch(`${base}/api/v1/branding/${org.uuid}/logo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
    };
    const res = await upload(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'big.png');
    expect(res.status).toBe(413);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe('The logo must be 2MB or smaller.');

    const ok = await upload(PNG, 'small.png');
    expect(ok.status).toBe(200);
    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBeLessThan(500);
  });

  it('survives a client that aborts mid-upload', async () => {
    const { user, org } = await ownOrganization('Abort Org', 'abort-org');
    const url = new URL(base);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        const boundary = 'abortboundary';
        socket.write(
          `POST /api/v1/branding/${org.uuid}/logo HTTP/1.1\r\nHost: ${url.host}\r\n` +
            `Authorization: Bearer ${user.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n` +
            `Content-Type: image/png\r\n\r\n`,
        );
        socket.write(PNG);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
      socket.on('error', () => resolve());
    });
    const health = await fetch(`${base}/api/v1/branding/${org.uuid}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(health.status).toBe(200);
    const body = (await health.json()) as { data: { logo_url: string | null } };
    expect(body.data.logo_url).toBeNull();
  });
});
