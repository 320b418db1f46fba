import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, runDueJobs, sendWebhook, vettedAddresses } from '@scmp/api';
import { WEBHOOK_TEXTS } from '@scmp/api/contracts/webhooks';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { createOrganization } from '../src/testing/organization-rows';
import { startWebhookReceiver } from '../src/testing/webhook-receiver';
import { createWebhookRowForTest } from '../src/testing/webhook-rows';

/**
 * Where webhooks may be sent (issue 22): in production only https:// URLs whose every address is
 * public, checked when the URL is saved and again at every send; redirects are not followed.
 */
describe('the address table', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::7f00:1', false],
    ['not an address', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['151.101.1.69', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses a host whose answers mix a public and a private address', async () => {
    const mixed = async () => ['93.184.216.34', '10.0.0.5'];
    await expect(vettedAddresses('mixed.example', { strict: true }, mixed)).rejects.toThrow(
      WEBHOOK_TEXTS.urlNotPublic,
    );
    await expect(
      vettedAddresses('public.example', { strict: true }, async () => ['93.184.216.34']),
    ).resolves.toEqual(['93.184.216.34']);
  });
});

describe('in production mode', () => {
  let h: TestHarness;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    h = await createHarness({ appEnv: 'production' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await h?.close();
  });

  it.each([
    ['http://example.com/hook', WEBHOOK_TEXTS.urlHttpsOnly],
    ...[
      'https://127.0.0.1/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://localhost/hook',
      'https://localtest.me.localhost/hook',
    ].map((url) => [url, WEBHOOK_TEXTS.urlNotPublic]),
  ])('refuses %s when it is saved', async (url, message) => {
    const owner = await h.createUser();
    const org = await createOrganization(h, owner.token, { name: 'Prod School', type: 'school' });
    const res = await h.rest('POST', `/organizations/${org.uuid}/webhooks`, {
      token: owner.token,
      body: { url, events: ['organization.updated'] },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.url).toEqual([message]);
  });

  it('checks again at send time: a saved host that now resolves to loopback is not contacted', async () => {
    const owner = await h.createUser();
    const { uuid: orgUuid } = await createOrganization(h, owner.token, {
      name: 'Rebind School',
      type: 'school',
    });
    // As if the name resolved to a public address when saved and to 127.0.0.1 now (rebinding):
    // the row is written directly, since the API would refuse it.
    const port = new URL(receiver.url).port;
    const hook = await createWebhookRowForTest(h, orgUuid, `https://localhost:${port}/hooks`);
    const renamed = await h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { name: 'Rebound', type: 'school' },
    });
    expect(renamed.status).toBe(200);
    for (let i = 0; i < 5 && (await runDueJobs(h.deps)) > 0; i += 1);
    const delivery = await h.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({
      status: 'retrying',
      response_status: null,
      error: WEBHOOK_TEXTS.urlNotPublic,
    });
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses plain http and private addresses in the sender itself', async () => {
    const strict = { policy: { strict: true } };
    for (const url of [receiver.url, 'https://127.0.0.1:1/x', 'https://[::1]:1/x']) {
      const outcome = await sendWebhook(url, {}, '{}', strict);
      expect(outcome.ok, url).toBe(false);
      expect(outcome.status).toBeNull();
    }
    expect(receiver.received).toHaveLength(0);
  });
});
