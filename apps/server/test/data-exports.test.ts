import { strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { dataExports } from '@scmp/api';
import { PRIVACY_TEXTS } from '@scmp/api/contracts/privacy';
import { type Json } from '../src/testing/harness';
import { expectExportedRows, ISO_TIME } from '../src/testing/archive-checks';
import { TINY_PNG } from '../src/testing/security-fixtures';
import { activityOf, mailsTo } from '../src/testing/recorded-rows';
import { h, A, B, drain, confirm, download, useExportHarness } from './privacy/export-fixtures';

/**
 * Your data export (issue 38): POST /user/data-exports → a worker job builds one ZIP (a JSON
 * file per category and README.txt) into storage; GET …/download needs a session that confirmed
 * its password in the last 10 minutes; 7 days; one per 24 hours; activity and e-mails. The ZIP
 * holds what the test wrote and none of the secrets planted first, nor another member's data.
 */
const archive = useExportHarness();
const { json } = archive;

describe('your data export', () => {
  it('is requested with 202 pending, listed, built by the worker and e-mailed', async () => {
    const res = await h.rest('POST', '/user/data-exports', { token: A.user.token });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({
      success: true,
      message: PRIVACY_TEXTS.exportRequested,
      data: { status: 'pending' },
    });
    archive.uuid = res.body.data.uuid as string;
    const pending = await h.rest('GET', '/user/data-exports', { token: A.user.token });
    expect(pending.body.data[0]).toMatchObject({ uuid: archive.uuid, status: 'pending' });

    await drain();
    const list = await h.trpc('query', 'privacy.listDataExports', undefined, {
      token: A.user.token,
    });
    const ready = list.body.result.data.data[0];
    expect(ready).toMatchObject({ uuid: archive.uuid, status: 'ready' });
    expect(new Date(ready.expires_at).getTime()).toBe(h.clock.now().getTime() + 7 * 86_400_000);
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', A.user.email)
      .where('kind', '=', 'data-export-ready')
      .execute();
    expect(mail.map((m) => m.subject)).toEqual(['Your data export is ready']);
    const actions = (await activityOf(h.db, A.user.id)).map((a) => a.action);
    expect(actions).toContain('data_export.requested');
  });

  it('downloads only after a fresh password confirmation (403 REAUTH_REQUIRED before)', async () => {
    const before = await download(archive.uuid);
    expect(before.statusCode).toBe(403);
    expect(JSON.parse(before.body)).toMatchObject({
      success: false,
      code: 'REAUTH_REQUIRED',
      message: PRIVACY_TEXTS.reauthRequired,
    });
    await confirm(A.user.token);
    const res = await download(archive.uuid);
    archive.openDownload(res, 'scmp-data-export-');
    expect(await activityOf(h.db, A.user.id, 'data_export.downloaded')).toHaveLength(1);
    expect(await mailsTo(h.db, A.user.email, { kind: 'data-export-downloaded' })).toHaveLength(1);
  });

  it('holds one JSON file per category and README.txt, with the rows the test wrote', async () => {
    archive.expectFiles([
      'README.txt',
      'profile.json',
      'sign-in-methods.json',
      'sessions.json',
      'notifications.json',
      'activity.json',
      'organizations.json',
      'tickets.json',
      'invoices.json',
      'api-tokens-and-webhooks.json',
      'consent.json',
    ]);
    const readme = strFromU8(archive.files['README.txt']!);
    expect(readme).toContain('tickets.json');
    expect(json('profile.json')).toMatchObject({ uuid: A.user.uuid, email: A.user.email });
    const signIn = json('sign-in-methods.json');
    expect(signIn.two_factor.enabled).toBe(true);
    expect(signIn.passkeys.map((p: Json) => p.uuid)).toContain(A.passkeyUuid);
    const sessions = await h.db
      .selectFrom('sessions')
      .select('uuid')
      .where('user_id', '=', A.user.id)
      .execute();
    /** The uuids of the entries of one of the archive's JSON files, sorted. */
    const uuidsIn = (file: string) =>
      json(file)
        .map((entry: Json) => entry.uuid as string)
        .sort();
    expect(uuidsIn('sessions.json')).toEqual(sessions.map((s) => s.uuid).sort());
    expect(json('notifications.json').history.map((m: Json) => m.kind)).toContain('password-reset');
    const events = await h.db
      .selectFrom('activity_events')
      .select('uuid')
      .where('user_id', '=', A.user.id)
      .where('action', '!=', 'data_export.downloaded')
      .execute();
    expect(uuidsIn('activity.json')).toEqual(events.map((e) => e.uuid).sort());
    const orgs = json('organizations.json');
    expect(orgs.owned.map((o: Json) => o.uuid)).toEqual([A.orgUuid]);
    expect(orgs.memberships).toEqual([
      expect.objectContaining({ organization_uuid: A.orgUuid, role: 'owner' }),
    ]);
    const tickets = json('tickets.json');
    expect(tickets.map((t: Json) => t.uuid)).toEqual([A.ticketId]);
    const attachment = tickets[0].attachments[0];
    expect(attachment.name).toBe('screen.png');
    expect(Buffer.from(archive.files[attachment.file]!)).toEqual(TINY_PNG);
    const invoices = json('invoices.json');
    expect(invoices.map((i: Json) => i.uuid)).toEqual([A.invoiceId]);
    expect(strFromU8(archive.files[invoices[0].file]!.slice(0, 5))).toBe('%PDF-');
    const api = json('api-tokens-and-webhooks.json');
    expect(api.api_tokens.map((t: Json) => t.uuid)).toContain(A.apiTokenUuid);
    expect(api.webhooks.map((w: Json) => w.uuid)).toEqual([A.webhookUuid]);
    expect(json('consent.json')).toHaveProperty('marketing_email', true);
  });

  it('writes each file with its keys in order and its dates as ISO strings', () => {
    const first = (rows: Json) => rows[0] as Json;
    expectExportedRows([
      [
        'a session',
        first(json('sessions.json')),
        [
          'uuid',
          'device',
          'user_agent',
          'ip_address',
          'created_at',
          'last_active_at',
          'expires_at',
          'ended_at',
        ],
      ],
      [
        'an e-mail',
        first(json('notifications.json').history),
        ['uuid', 'kind', 'to', 'subject', 'status', 'created_at', 'sent_at'],
      ],
      [
        'a passkey',
        first(json('sign-in-methods.json').passkeys),
        ['uuid', 'name', 'created_at', 'last_used_at'],
      ],
      [
        'an API token',
        first(json('api-tokens-and-webhooks.json').api_tokens),
        ['uuid', 'name', 'scopes', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'],
      ],
    ]);
    expect(first(json('activity.json')).created_at).toMatch(ISO_TIME);
    expect(first(json('organizations.json').owned).created_at).toMatch(ISO_TIME);
  });

  it('contains no secret of any kind and nothing of another member', () => {
    archive.expectNoneOf(
      [
        'password',
        'TOTP secret',
        'recovery code',
        'API token',
        'webhook secret',
        'password hash',
        'passkey public key',
        'session token hash',
      ],
      // Bea's own ticket, its attachment and her address.
      ['BEA-PRIVATE-SUBJECT', 'Bea private description', 'bea-secret.png', B.email],
    );
  });

  it('allows one export per 24 hours (429 with Retry-After), then another', async () => {
    h.clock.advance(60 * 60_000);
    const again = await h.rest('POST', '/user/data-exports', { token: A.user.token });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(PRIVACY_TEXTS.exportTooSoon(23));
    expect(Number(again.headers['retry-after'])).toBe(23 * 3600);
    h.clock.advance(23 * 60 * 60_000);
    const next = await h.rest('POST', '/user/data-exports', { token: A.user.token });
    expect(next.status, next.text).toBe(202);
  });

  it('expires after 7 days: listed as expired, the download refused, the file removed', async () => {
    h.clock.advance(6 * 86_400_000);
    await confirm(A.user.token);
    expect((await download(archive.uuid)).statusCode).toBe(404);
    const list = await h.rest('GET', '/user/data-exports', { token: A.user.token });
    const row = list.body.data.find((e: Json) => e.uuid === archive.uuid);
    expect(row.status).toBe('expired');
    expect(await dataExports.sweepExpiredExports(h.deps)).toBe(1);
    expect(await h.deps.storage.openRead(`exports/${archive.uuid}.zip`)).toBeNull();
  });

  it('is 404 to anyone else, and sessions only: an API token gets 403', async () => {
    const other = await h.createUser({ verified: true });
    await h.rest('POST', '/user/confirm-password', {
      token: other.token,
      body: { password: other.password },
    });
    expect((await download(archive.uuid, other.token)).statusCode).toBe(404);
    expect((await download(archive.uuid, A.apiToken!)).statusCode).toBe(403);
    const create = await h.rest('POST', '/user/data-exports', { token: A.apiToken! });
    expect(create.status).toBe(403);
    const list = await h.rest('GET', '/user/data-exports', { token: other.token });
    expect(list.body.data).toEqual([]);
    const anonymous = await h.app.inject({
      method: 'GET',
      url: `/api/v1/user/data-exports/${archive.uuid}/download`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
