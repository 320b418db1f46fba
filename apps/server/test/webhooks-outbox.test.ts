import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emitWebhookEvent, organizationClosure, sweepWebhooks } from '@scmp/api';
import { organizationId } from '../src/testing/organization-rows';
import { valuesWhere } from '../src/testing/recorded-rows';
import { h, useWebhookWorld } from './webhooks/fixtures';

/** The webhook outbox (issue 22): organization.deleted after the purge, and the event's transaction. */
const { newOrganization, addWebhook, rename, drain, verified } = useWebhookWorld();

describe('the outbox', () => {
  it('sends organization.deleted after the organization is gone, then forgets its endpoints', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const hook = await addWebhook(owner, orgUuid, ['organization.deleted']);
    expect(
      (await h.rest('DELETE', `/organizations/${orgUuid}`, { token: owner.token })).status,
    ).toBe(200);
    // Closing schedules the purge; organization.deleted is sent when it happens (day 60).
    await organizationClosure.purgeClosedOrganizations(
      h.deps,
      new Date(h.clock.now().getTime() + 60 * 86_400_000),
    );
    await drain();
    const [event] = verified(hook.secret);
    expect(event).toMatchObject({ type: 'organization.deleted', data: { uuid: orgUuid } });
    await sweepWebhooks(h.deps);
    const left = await h.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('uuid', '=', hook.uuid)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });

  it('writes nothing for an organization without webhooks, and nothing for a change that rolled back', async () => {
    const owner = await h.createUser();
    const quiet = await newOrganization(owner);
    const before = await h.db
      .selectFrom('webhook_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await rename(owner, quiet, 'Quiet');
    const after = await h.db
      .selectFrom('webhook_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    const orgUuid = await newOrganization(owner);
    await addWebhook(owner, orgUuid, ['organization.updated']);
    // Another organization already holds this subdomain: the update fails, and so does its event.
    const taken = await h.db
      .selectFrom('organizations')
      .select('subdomain')
      .where('uuid', '=', quiet)
      .executeTakeFirstOrThrow();
    const refused = await rename(owner, orgUuid, 'Renamed', taken.subdomain);
    expect(refused.status).toBe(409);
    const org = { id: await organizationId(h.db, orgUuid) };
    await expect(
      h.db.transaction().execute(async (trx) => {
        await emitWebhookEvent(trx, {
          organizationId: org.id,
          type: 'organization.updated',
          data: {},
          at: h.clock.now(),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await valuesWhere(h.db, 'webhook_events', 'id', 'organization_id', org.id)).toEqual([]);
  });
});
