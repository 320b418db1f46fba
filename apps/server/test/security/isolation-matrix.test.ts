import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '@scmp/api';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import {
  buildSecurityResourceSet,
  multipartBody,
  TINY_PNG,
  type SecurityResourceSet,
} from '../../src/testing/security-fixtures';
import { callWithIdsOf, diff, idTakingOperations, snapshot } from './isolation-fixtures';
import { leaks, loadOperations, type Operation } from './openapi-tools';

/**
 * Operations that fail the matrix because of a known bug in their area. The test asserts this
 * list is EXACTLY the set of failing operations: it goes red when a bug is fixed (remove the
 * entry) or a new one appears.
 */
const KNOWN_ISSUES: string[] = [];

/**
 * Documented with a bearer scheme (protect: true, the token is optional) but public by design:
 * health answers anyone; logout answers success without a session (spec: "POST /auth/logout |
 * none"), so the client can always sign out.
 */
const OPTIONAL_AUTH = new Set<string>(['GET /health', 'POST /auth/logout']);

let h: TestHarness;
let ops: Operation[];
let A: SecurityResourceSet;
let B: SecurityResourceSet;

beforeAll(async () => {
  h = await createHarness();
  ops = await loadOperations(h);
  A = await buildSecurityResourceSet(h, 'alpha');
  B = await buildSecurityResourceSet(h, 'bravo');
}, 60_000);
afterAll(() => h?.close());

const call = (op: Operation, token: string | undefined) => callWithIdsOf(h, A, op, token);

describe('tenant isolation matrix', () => {
  it('built a full resource set for both users through the API', () => {
    for (const set of [A, B]) {
      expect(set.orgUuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(set.subscription, 'subscription').not.toBeNull();
      expect(set.instanceUuid, 'instance').not.toBeNull();
      expect(set.ticketId, 'ticket').not.toBeNull();
      expect(set.attachmentId, 'attachment').not.toBeNull();
      expect(set.invoiceId, 'invoice').not.toBeNull();
      expect(set.passkeyUuid, 'passkey').not.toBeNull();
      expect(set.apiTokenUuid, 'API token').not.toBeNull();
      expect(set.sessionIds.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("B calling every id-taking operation with A's ids gets 404 and changes nothing", async () => {
    // B's session list must not contain A's session ids (A's sessions are A's own).
    const targets = idTakingOperations(ops);
    expect(targets.length).toBeGreaterThan(20);
    // A's data export, ready; B has confirmed its password, so only ownership stands between.
    const exported = await h.rest('POST', '/user/data-exports', { token: A.user.token });
    expect(exported.status, exported.text).toBe(202);
    const orgExported = await h.rest('POST', `/organizations/${A.orgUuid}/data-exports`, {
      token: A.user.token,
    });
    expect(orgExported.status, orgExported.text).toBe(202);
    while ((await runDueJobs(h.deps, undefined, 10)) > 0);
    const confirmed = await h.rest('POST', '/user/confirm-password', {
      token: B.user.token,
      body: { password: B.user.password },
    });
    expect(confirmed.status, confirmed.text).toBe(200);

    const before = await snapshot(h, B);
    const failures: string[] = [];
    const report: string[] = [];
    for (const op of targets) {
      const res = await call(op, B.user.token);
      report.push(
        `${op.key} -> ${res.status}${res.status === 404 ? '' : ` ${res.text.slice(0, 300)}`}`,
      );
      if (res.status !== 404) failures.push(op.key);
      if (res.status === 404) {
        expect(res.body.success, op.key).toBe(false);
        expect(res.text, op.key).not.toContain(A.user.email);
      }
      expect(leaks(res.text), `${op.key} leaks`).toBeUndefined();
    }

    // Plain Fastify routes that are not in the document.
    const extra: [string, string][] = [
      ['GET', `/support/attachments/${A.attachmentId}`],
      ['GET', `/subscription/invoices/${A.invoiceId}`],
      ['GET', `/subscription/invoices/${A.invoiceId}/pdf`],
      ['GET', `/user/data-exports/${exported.body.data.uuid}/download`],
      ['GET', `/organizations/${A.orgUuid}/data-exports/${orgExported.body.data.uuid}/download`],
    ];
    for (const [method, url] of extra) {
      const res = await h.rest(method as 'GET', url, { token: B.user.token });
      report.push(`${method} ${url} -> ${res.status}`);
      if (res.status !== 404) failures.push(`${method} ${url.replace(/[0-9a-f-]{36}/, '{id}')}`);
    }
    const after = await snapshot(h, B);

    expect(diff(before, after), 'rows changed by B').toEqual([]);
    expect(failures.sort(), report.join('\n')).toEqual([...KNOWN_ISSUES].sort());
    console.info(`isolation matrix: ${targets.length + extra.length} operations checked as B`);
  });

  it("B's API token (every scope) calling A's ids gets 404, or 403 where tokens never reach", async () => {
    const targets = idTakingOperations(ops);
    const before = await snapshot(h, B);
    const failures: string[] = [];
    for (const op of targets) {
      const res = await call(op, B.apiToken ?? undefined);
      const tokenRefused = res.status === 403 && !op.op['x-required-scope'];
      if (res.status !== 404 && !tokenRefused) failures.push(`${op.key} -> ${res.status}`);
      expect(res.text, op.key).not.toContain(A.user.email);
      expect(leaks(res.text), `${op.key} leaks`).toBeUndefined();
    }
    expect(diff(before, await snapshot(h, B)), 'rows changed by B').toEqual([]);
    expect(failures).toEqual([]);
  });

  it("A's resources still answer for A afterwards", async () => {
    expect(
      (await h.rest('GET', `/organizations/${A.orgUuid}`, { token: A.user.token })).status,
    ).toBe(200);
    expect(
      (await h.rest('GET', `/instances/${A.instanceUuid}`, { token: A.user.token })).status,
    ).toBe(200);
    expect(
      (await h.rest('GET', `/support/tickets/${A.ticketId}`, { token: A.user.token })).status,
    ).toBe(200);
    expect(
      (await h.rest('GET', `/support/attachments/${A.attachmentId}`, { token: A.user.token }))
        .status,
    ).toBe(200);
  });

  it('every secured operation answers 401 to anonymous callers', async () => {
    const secured = ops.filter((op) => op.secured && !OPTIONAL_AUTH.has(op.key));
    const wrong: string[] = [];
    for (const op of secured) {
      const res = await call(op, undefined);
      if (res.status !== 401 || res.body.success !== false)
        wrong.push(`${op.key} -> ${res.status}`);
    }
    for (const url of [
      `/support/attachments/${A.attachmentId}`,
      `/subscription/invoices/${A.invoiceId}`,
      `/subscription/invoices/${A.invoiceId}/pdf`,
      '/activity/export',
      '/user/data-exports/00000000-0000-4000-8000-000000000000/download',
      `/organizations/${A.orgUuid}/data-exports/00000000-0000-4000-8000-000000000000/download`,
    ]) {
      const res = await h.rest('GET', url);
      if (res.status !== 401) wrong.push(`GET ${url} -> ${res.status}`);
    }
    for (const url of ['/profile/avatar', `/branding/${A.orgUuid}/logo`, '/support/tickets']) {
      const mp = multipartBody([{ name: 'logo', filename: 'x.png', bytes: TINY_PNG }]);
      const res = await h.rest('POST', url, { body: mp.body, headers: mp.headers });
      if (res.status !== 401) wrong.push(`POST multipart ${url} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
    console.info(`anonymous: ${secured.length + 8} operations checked`);
  });

  it("B's ticket with A's organization answers exactly like a made-up organization", async () => {
    const body = { subject: 'Hello there', description: 'Some description', category: 'technical' };
    const withA = await h.rest('POST', '/support/tickets', {
      token: B.user.token,
      body: { ...body, organization_uuid: A.orgUuid },
    });
    const withNone = await h.rest('POST', '/support/tickets', {
      token: B.user.token,
      body: { ...body, organization_uuid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(withA.status).toBeGreaterThanOrEqual(400);
    expect(withA.status).toBe(withNone.status);
    expect(withA.body).toEqual(withNone.body);
  });

  it('staff-only operations answer 404 to customers', async () => {
    const staffOps = ops.filter((op) => op.path.includes('/staff/'));
    expect(staffOps.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const op of staffOps) {
      const res = await call(op, A.user.token);
      if (res.status !== 404) wrong.push(`${op.key} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
