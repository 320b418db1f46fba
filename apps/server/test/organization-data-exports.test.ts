import { strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS } from '@scmp/api/contracts/privacy';
import { type Json } from '../src/testing/harness';
import { expectExportedRows, ISO_TIME } from '../src/testing/archive-checks';
import { addMemberRow } from '../src/testing/organization-rows';
import { mailsTo } from '../src/testing/recorded-rows';
import {
  h,
  A,
  other,
  admin,
  member,
  orgId,
  drain,
  download,
  useOrganizationExportHarness,
} from './privacy/organization-export-fixtures';

/**
 * An organization's data export (issue 38): owner and admins, the same mechanism as one's own
 * (202 pending → worker ZIP → ready 7 days; download with a fresh re-authentication; one per
 * organization per 24 hours). The ZIP holds the organization's rows the test wrote, none of the
 * secrets planted first and nothing of another organization.
 */
const archive = useOrganizationExportHarness();
const { json } = archive;

describe("an organization's data export", () => {
  it('is for the owner and admins: 202 pending, listed, built, e-mailed; 403 for other members', async () => {
    const refused = await h.rest('POST', `/organizations/${A.orgUuid}/data-exports`, {
      token: member.token,
    });
    expect(refused.status).toBe(403);
    const foreign = await h.rest('POST', `/organizations/${other.orgUuid}/data-exports`, {
      token: admin.token,
    });
    expect(foreign.status).toBe(404);
    const res = await h.rest('POST', `/organizations/${A.orgUuid}/data-exports`, {
      token: admin.token,
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({
      message: PRIVACY_TEXTS.exportRequested,
      data: { status: 'pending' },
    });
    archive.uuid = res.body.data.uuid as string;
    await drain();
    const list = await h.trpc(
      'query',
      'privacy.listOrganizationDataExports',
      { id: A.orgUuid },
      { token: A.user.token },
    );
    expect(list.body.result.data.data[0]).toMatchObject({ uuid: archive.uuid, status: 'ready' });
    // Not among anyone's personal exports.
    const personal = await h.rest('GET', '/user/data-exports', { token: admin.token });
    expect(personal.body.data).toEqual([]);
    const mail = await mailsTo(h.db, admin.email, { kind: 'data-export-ready' });
    expect(mail.map((m) => m.subject)).toEqual([PRIVACY_TEXTS.exportReadySubject]);
    expect(mail[0]!.text).toContain(`/dashboard/organizations/${A.orgUuid}`);
  });

  it('downloads after a fresh re-authentication only, for the owner and admins', async () => {
    const before = await download(archive.uuid, admin.token);
    expect(before.statusCode).toBe(403);
    expect(JSON.parse(before.body).code).toBe('REAUTH_REQUIRED');
    const asMember = await download(archive.uuid, member.token);
    expect(asMember.statusCode).toBe(403);
    expect(JSON.parse(asMember.body).code).toBe('FORBIDDEN');
    const wrongOrg = await download(archive.uuid, other.user.token, other.orgUuid);
    expect(wrongOrg.statusCode).toBe(404);
    const viaToken = await download(archive.uuid, A.apiToken!);
    expect(viaToken.statusCode).toBe(403);
    const confirmed = await h.rest('POST', '/user/confirm-password', {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(confirmed.status).toBe(200);
    const res = await download(archive.uuid, admin.token);
    archive.openDownload(res, 'scmp-organization-export-');
    const activity = await h.db
      .selectFrom('activity_events')
      .select('action')
      .where('user_id', '=', admin.id)
      .where('action', 'in', ['data_export.requested', 'data_export.downloaded'])
      .execute();
    expect(activity.map((a) => a.action).sort()).toEqual([
      'data_export.downloaded',
      'data_export.requested',
    ]);
  });

  it('holds each category with the rows the test wrote', () => {
    archive.expectFiles([
      'README.txt',
      'organization.json',
      'members.json',
      'instances.json',
      'branding.json',
      'tickets.json',
      'billing.json',
      'activity.json',
      'webhooks.json',
      'domains-and-sso.json',
    ]);
    expect(strFromU8(archive.files['README.txt']!)).toContain('domains-and-sso.json');
    expect(json('organization.json')).toMatchObject({ uuid: A.orgUuid, subdomain: A.subdomain });
    const members = json('members.json');
    expect(members.members.map((m: Json) => [m.email, m.role]).sort()).toEqual(
      [
        [A.user.email, 'owner'],
        [admin.email, 'admin'],
        [member.email, 'member'],
      ].sort(),
    );
    expect(members.invitations.map((i: Json) => i.email)).toContain('invitee.export@example.com');
    const instances = json('instances.json');
    expect(instances.map((i: Json) => i.uuid)).toEqual([A.instanceUuid]);
    expect(instances[0]).toHaveProperty('health_checks');
    const branding = json('branding.json');
    expect(branding[0].logo).toMatch(/^branding\//);
    expect(archive.files[branding[0].logo]!.length).toBeGreaterThan(0);
    const tickets = json('tickets.json');
    expect(tickets.map((t: Json) => t.uuid)).toEqual([A.ticketId]);
    expect(archive.files[tickets[0].attachments[0].file]!.length).toBeGreaterThan(0);
    const billing = json('billing.json');
    expect(billing.subscription.status).toBe('active');
    expect(billing.invoices.map((i: Json) => i.uuid)).toEqual([A.invoiceId]);
    expect(billing.invoices[0].lines.length).toBeGreaterThan(0);
    const activity = json('activity.json');
    expect(activity.member_activity.map((a: Json) => a.action)).toContain('organization.created');
    const hooks = json('webhooks.json');
    expect(hooks.map((w: Json) => w.url)).toContain('https://hooks.example.com/export-test');
    expect(hooks.find((w: Json) => w.uuid === A.webhookUuid).deliveries.length).toBeGreaterThan(0);
    const sso = json('domains-and-sso.json');
    expect(sso.domains.map((d: Json) => d.domain)).toEqual(['orgexport.example.org']);
    expect(sso.sso_connections.map((c: Json) => c.client_id)).toContain('scmp-client-id');
  });

  it('writes the copied rows with their keys in order and their dates as ISO strings', () => {
    expectExportedRows([
      [
        'an invoice',
        json('billing.json').invoices[0],
        [
          'uuid',
          'number',
          'description',
          'status',
          'total_pence',
          'currency',
          'billing_details',
          'period_start',
          'period_end',
          'paid_at',
          'created_at',
          'lines',
        ],
      ],
      [
        'a webhook',
        json('webhooks.json').find((w: Json) => w.uuid === A.webhookUuid),
        [
          'uuid',
          'url',
          'description',
          'events',
          'enabled',
          'disabled_reason',
          'failing_since',
          'retired_at',
          'created_at',
          'deliveries',
        ],
      ],
      [
        'an e-mail domain',
        json('domains-and-sso.json').domains[0],
        ['uuid', 'domain', 'status', 'verified_at', 'created_at'],
      ],
    ]);
    expect(json('activity.json').events[0].created_at).toMatch(ISO_TIME);
  });

  it('contains no secret of any kind and nothing of another organization', () => {
    archive.expectNoneOf(
      [
        'password hash',
        'TOTP secret',
        'session token hash',
        'API token hash',
        'webhook secret',
        'SSO client secret',
        'invitation token hash',
      ],
      [other.orgUuid, other.user.email, 'elsewhere Academy', other.ticketId!],
    );
  });

  it('allows one export per organization per 24 hours (429 with Retry-After), also while closing', async () => {
    h.clock.advance(60 * 60_000);
    const again = await h.rest('POST', `/organizations/${A.orgUuid}/data-exports`, {
      token: A.user.token,
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(23 * 3600);
    // Another organization's allowance is its own.
    const elsewhere = await h.rest('POST', `/organizations/${other.orgUuid}/data-exports`, {
      token: other.user.token,
    });
    expect(elsewhere.status).toBe(202);
    const closed = await h.rest('DELETE', `/organizations/${A.orgUuid}`, { token: A.user.token });
    expect(closed.status).toBe(200);
    h.clock.advance(23 * 60 * 60_000);
    const next = await h.rest('POST', `/organizations/${A.orgUuid}/data-exports`, {
      token: A.user.token,
    });
    expect(next.status, next.text).toBe(202);
  });

  it('expires after 7 days: listed as expired and the download refused', async () => {
    h.clock.advance(7 * 86_400_000);
    const fresh = await h.createUser({ verified: true });
    await addMemberRow(h.db, orgId, fresh.id, 'admin');
    const list = await h.rest('GET', `/organizations/${A.orgUuid}/data-exports`, {
      token: fresh.token,
    });
    expect(list.body.data.find((e: Json) => e.uuid === archive.uuid).status).toBe('expired');
    await h.rest('POST', '/user/confirm-password', {
      token: fresh.token,
      body: { password: fresh.password },
    });
    const res = await download(archive.uuid, fresh.token);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).message).toBe(PRIVACY_TEXTS.exportExpired);
  });
});
