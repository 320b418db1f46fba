import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encryptWebhookSecret } from '@scmp/api';
import { startWebhookReceiver } from '../../src/testing/webhook-receiver';
import { appKey, database, insertOrg, sink, suffix, useTwoServers } from './cluster';

/**
 * Two server processes on one PostgreSQL (see cluster.ts), both running their worker: every
 * queued job, outbox mail and webhook delivery runs exactly once.
 */
useTwoServers();

describe('two server processes on one PostgreSQL', () => {
  it('runs every queued job and outbox mail exactly once with both workers running', async () => {
    const count = 30;
    const now = new Date();
    await database.db
      .insertInto('mail_outbox')
      .values(
        Array.from({ length: count }, (_, i) => ({
          to_address: `to-${i}@example.com`,
          subject: `Scale ${suffix} #${i}`,
          html: '<p>Hi</p>',
          text: 'Hi',
          kind: 'test',
          user_id: null,
          created_at: now,
          next_attempt_at: now,
        })),
      )
      .execute();
    await database.db
      .insertInto('jobs')
      .values(
        Array.from({ length: count }, (_, i) => ({
          type: 'instances.provision',
          payload: JSON.stringify({ instanceId: 900_000 + i }),
          run_at: now,
        })),
      )
      .execute();

    const ours = () => sink.subjects().filter((s) => s.startsWith(`Scale ${suffix} #`));
    const pendingJobs = async () =>
      (
        await database.db
          .selectFrom('jobs')
          .select('id')
          .where('type', '=', 'instances.provision')
          .where('completed_at', 'is', null)
          .execute()
      ).length;
    const deadline = Date.now() + 20_000;
    while ((ours().length < count || (await pendingJobs()) > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A few more worker rounds on both processes: nothing runs a second time.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const subjects = ours();
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const jobs = await database.db
      .selectFrom('jobs')
      .select(['attempts', 'completed_at', 'last_error'])
      .where('type', '=', 'instances.provision')
      .execute();
    expect(jobs).toHaveLength(count);
    for (const job of jobs) {
      expect(job.attempts).toBe(1);
      expect(job.completed_at).not.toBeNull();
      expect(job.last_error).toBeNull();
    }
    const sent = await database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('subject', 'like', `Scale ${suffix} #%`)
      .execute();
    expect(sent.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
  });
  it('delivers each webhook event once with both workers running', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const org = await insertOrg(`hooks-${suffix}`);
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const endpoint = await database.db
        .insertInto('webhook_endpoints')
        .values({
          organization_id: org.id,
          url: receiver.url,
          description: null,
          events: JSON.stringify(['organization.updated']),
          secret_encrypted: encryptWebhookSecret(appKey, secret),
          disabled_reason: null,
          failing_since: null,
          retired_at: null,
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const count = 25;
      for (let i = 0; i < count; i += 1) {
        // What a change's transaction does: record the event, its delivery and its first attempt.
        await sql`SELECT scmp_webhook_emit(${org.id}, 'organization.updated', NULL,
          ${JSON.stringify({ n: i })}::jsonb, NULL)`.execute(database.db);
      }
      const deadline = Date.now() + 20_000;
      while (receiver.received.length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // A few more worker rounds on both processes: nothing is sent a second time.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      const deliveries = await database.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .where('endpoint_id', '=', endpoint.id)
        .execute();
      expect(deliveries).toHaveLength(count);
      expect(deliveries.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
