import { describe, expect, it } from 'vitest';
import { WEBHOOK_TEXTS } from '@scmp/api/contracts/webhooks';
import { h, receiver, useWebhookWorld } from './webhooks/fixtures';

/** Webhook endpoints (issue 22) through the REST door: the secret shown once, edits, bad input, strangers. */
const { newOrganization, addWebhook } = useWebhookWorld();

describe('webhook endpoints', () => {
  it('creates with a secret shown once (encrypted at rest), lists, edits and deletes', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const created = await h.rest('POST', `/organizations/${orgUuid}/webhooks`, {
      token: owner.token,
      body: { url: receiver.url, events: ['instance.created', 'instance.created'] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.message).toBe(WEBHOOK_TEXTS.created);
    const hook = created.body.data;
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(hook.events).toEqual(['instance.created']);

    const row = await h.db
      .selectFrom('webhook_endpoints')
      .select('secret_encrypted')
      .where('uuid', '=', hook.uuid)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(hook.secret.slice(6));

    const list = await h.rest('GET', `/organizations/${orgUuid}/webhooks`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.text).not.toContain(hook.secret);
    const one = await h.rest('GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
    });
    expect(one.body.data).not.toHaveProperty('secret');

    const patched = await h.rest('PATCH', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
      body: { events: ['instance.deleted'], description: 'Renamed', enabled: false },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({
      events: ['instance.deleted'],
      description: 'Renamed',
      enabled: false,
    });

    const removed = await h.rest('DELETE', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    const gone = await h.rest('GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
    });
    expect(gone.status).toBe(404);
  });

  it('refuses bad input with 422 on the field, and answers 404 to strangers', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const cases: Array<[unknown, string]> = [
      [{ url: 'not a url', events: ['instance.created'] }, 'url'],
      [{ url: 'ftp://example.com/hook', events: ['instance.created'] }, 'url'],
      [{ url: 'https://user:pass@example.com/hook', events: ['instance.created'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['instance.exploded'] }, 'events'],
      [{ url: receiver.url, events: 'instance.created' }, 'events'],
      [{ url: `https://example.com/${'a'.repeat(2001)}`, events: ['instance.created'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await h.rest('POST', `/organizations/${orgUuid}/webhooks`, {
        token: owner.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).join(), res.text).toContain(field);
    }
    const stranger = await h.createUser();
    const hook = await addWebhook(owner, orgUuid, ['instance.created']);
    for (const [method, path] of [
      ['GET', `/organizations/${orgUuid}/webhooks`],
      ['GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`],
      ['POST', `/organizations/${orgUuid}/webhooks/${hook.uuid}/test`],
      ['DELETE', `/organizations/${orgUuid}/webhooks/${hook.uuid}`],
      ['GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}/deliveries`],
    ] as const) {
      const res = await h.rest(method, path, { token: stranger.token });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const otherOrg = await newOrganization(stranger);
    const crossed = await h.rest('GET', `/organizations/${otherOrg}/webhooks/${hook.uuid}`, {
      token: stranger.token,
    });
    expect(crossed.status).toBe(404);
  });
});
