import { readFileSync } from 'node:fs';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '@scmp/api';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import { startWebhookReceiver, verifyStandardWebhook } from '../../src/testing/webhook-receiver';
import {
  subscriptionBody,
  TEST_CARD,
  testBillingDetails,
} from '../../src/testing/test-subscription';
import type { paths } from './api-schema';
import { generateApiTypes } from './generate-api-types';

/**
 * A third-party client generated from the OpenAPI document (issue 22): openapi-typescript made
 * api-schema.d.ts of it, and this journey is written with openapi-fetch against those types, over
 * real HTTP. If the document and the server disagree, it does not type-check (npm run typecheck)
 * or it fails here; if the committed types drift from the document, the first case fails.
 */
let h: TestHarness;
let baseUrl = '';
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  h = await createHarness();
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `${address}/api/v1`;
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('a client generated from the OpenAPI document', () => {
  it('matches the committed types (run npm run api:types after changing an operation)', async () => {
    const committed = readFileSync(path.join(import.meta.dirname, 'api-schema.d.ts'), 'utf8');
    expect(committed === (await generateApiTypes())).toBe(true);
  });

  it('registers, verifies, creates an API token, an organization, a webhook, subscribes, deploys and receives instance.activated', async () => {
    const client = createClient<paths>({ baseUrl });
    const email = `client-${Date.now().toString(36)}@example.com`;

    const registered = await client.POST('/auth/register', {
      body: {
        name: 'Integration Owner',
        email,
        password: 'generated client passphrase',
        password_confirmation: 'generated client passphrase',
      },
    });
    expect(registered.response.status).toBe(201);
    const session = registered.data!.data.token;

    const mail = await h.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', email)
      .where('kind', '=', 'verify-email')
      .executeTakeFirstOrThrow();
    const link = new URL(mail.text.match(/https?:\/\/\S+\/verify-email\/\S+/)![0]);
    const [, , id, hash] = link.pathname.split('/');
    const verified = await client.GET('/auth/verify-email/{id}/{hash}', {
      params: {
        path: { id: id!, hash: hash! },
        query: {
          expires: link.searchParams.get('expires') ?? undefined,
          signature: link.searchParams.get('signature') ?? undefined,
        },
      },
      headers: bearer(session),
    });
    expect(verified.response.status).toBe(200);

    const created = await client.POST('/user/api-tokens', {
      body: {
        name: 'Booking system',
        scopes: [
          'organizations:read',
          'organizations:write',
          'instances:read',
          'instances:write',
          'billing:read',
          'billing:write',
          'webhooks:read',
          'webhooks:write',
        ],
        expires_in_days: 30,
      },
      headers: bearer(session),
    });
    expect(created.response.status).toBe(201);
    const pat = created.data!.data.token;
    expect(pat).toMatch(/^scmp_pat_/);

    const organization = await client.POST('/organizations', {
      body: {
        name: 'Generated Client School',
        type: 'school',
        subdomain: `gen-${Date.now().toString(36)}`,
      },
      headers: { ...bearer(pat), 'Idempotency-Key': `org-${email}` },
    });
    expect(organization.response.status).toBe(201);
    const organizationUuid = organization.data!.data.uuid;
    expect(organization.data!.data.role).toBe('owner');

    const webhook = await client.POST('/organizations/{id}/webhooks', {
      params: { path: { id: organizationUuid } },
      body: { url: receiver.url, events: ['instance.activated'], description: 'Booking system' },
      headers: { ...bearer(pat), 'Idempotency-Key': `hook-${email}` },
    });
    expect(webhook.response.status).toBe(201);
    const secret: string = webhook.data!.data.secret;
    expect(secret).toMatch(/^whsec_/);

    const card = await client.POST('/payments/test/payment-methods', {
      body: TEST_CARD,
      headers: bearer(pat),
    });
    expect(card.response.status).toBe(201);

    const subscribed = await client.POST('/subscription', {
      body: subscriptionBody(organizationUuid, card.data!.data.id, {
        billing_details: testBillingDetails('Integration Owner', email),
      }),
      headers: bearer(pat),
    });
    expect(subscribed.response.status).toBe(201);

    const deployed = await client.POST('/instances', {
      body: { organization_uuid: organizationUuid, name: 'Portal' },
      headers: bearer(pat),
    });
    expect(deployed.response.status).toBe(201);
    const instance = await client.GET('/instances/{uuid}', {
      params: { path: { uuid: deployed.data!.data.uuid } },
      headers: bearer(pat),
    });
    expect(instance.response.status).toBe(200);
    expect(instance.data!.data.organization_uuid).toBe(organizationUuid);

    // The worker provisions the instance; the signed instance.activated reaches the receiver.
    for (let i = 0; i < 10 && (await runDueJobs(h.deps)) > 0; i += 1);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const event = verifyStandardWebhook(
      secret,
      request!.headers,
      request!.body,
      Math.floor(h.clock.now().getTime() / 1000),
    );
    expect(event).toMatchObject({
      type: 'instance.activated',
      organization: { uuid: organizationUuid },
      data: { uuid: deployed.data!.data.uuid, status: 'active' },
    });
    const log = await client.GET('/organizations/{id}/webhooks/{uuid}/deliveries', {
      params: { path: { id: organizationUuid, uuid: webhook.data!.data.uuid } },
      headers: bearer(pat),
    });
    expect(log.data!.data[0]).toMatchObject({ event: 'instance.activated', status: 'succeeded' });

    // Outside the token's scopes: the documented 403 with the envelope.
    const tickets = await client.GET('/support/tickets', { headers: bearer(pat) });
    expect(tickets.response.status).toBe(403);
    expect(tickets.error).toMatchObject({ success: false, code: 'INSUFFICIENT_SCOPE' });
  });
});
