import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanFileName, supportUploads } from '@scmp/api';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { fields, supportHelpers } from '../src/testing/support-helpers';

/**
 * File names cannot lie about their extension (issue 39): Unicode bidirectional controls and
 * other invisible format characters (category Cf) are stripped from every stored file name, in
 * the API's answers and in the download's Content-Disposition, so `evil\u202Egnp.txt` (shown
 * as "eviltxt.png" with the right-to-left override) is stored and shown as "evilgnp.txt".
 */
let h: TestHarness;
const { postMultipart } = supportHelpers(() => h);
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const TEXT = Buffer.from('hello\n');

/** Every bidirectional control the issue names, and other invisible format characters. */
const INVISIBLE = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E', // embeddings and overrides
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069', // isolates
  '\u200E',
  '\u200F',
  '\u061C', // marks
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD', // zero-width, BOM, soft hyphen
];

describe('the shared file-name cleaner', () => {
  it('strips every bidirectional control and invisible format character', () => {
    expect(cleanFileName('evil\u202Egnp.txt')).toBe('evilgnp.txt');
    for (const char of INVISIBLE) {
      expect(cleanFileName(`re${char}port.pdf`), `U+${char.codePointAt(0)!.toString(16)}`).toBe(
        'report.pdf',
      );
    }
    expect(cleanFileName('../../\u202Eetc\u2028passwd')).toBe('etcpasswd');
    expect(cleanFileName('\u202E\u200B')).toBe('attachment');
    // Visible non-ASCII letters stay.
    expect(cleanFileName('Übersicht – café.pdf')).toBe('Übersicht – café.pdf');
  });
});

describe('ticket attachments', () => {
  it('stores, answers and downloads `evil\\u202Egnp.txt` as "evilgnp.txt"', async () => {
    const user = await h.createUser();
    const res = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'evil\u202Egnp.txt', bytes: TEXT, type: 'text/plain' },
      {
        name: 'attachments[1]',
        filename: 'in\u2067voice\u2069\u200B\uFEFF.txt',
        bytes: TEXT,
        type: 'text/plain',
      },
    ]);
    expect(res.status, res.text).toBe(201);
    const names = (res.body.data.attachments as Array<{ name: string }>).map((a) => a.name);
    expect(names).toEqual(['evilgnp.txt', 'invoice.txt']);

    const stored = await h.db
      .selectFrom('support_attachments')
      .select('original_name')
      .where('ticket_id', '=', (qb) =>
        qb.selectFrom('support_tickets').select('id').where('uuid', '=', res.body.data.id),
      )
      .orderBy('id')
      .execute();
    expect(stored.map((s) => s.original_name)).toEqual(['evilgnp.txt', 'invoice.txt']);

    const detail = await h.rest('GET', `/support/tickets/${res.body.data.id}`, {
      token: user.token,
    });
    expect(detail.body.data.attachments.map((a: { name: string }) => a.name)).toEqual(names);

    const download = await h.app.inject({
      method: 'GET',
      url: `/api/v1/support/attachments/${res.body.data.attachments[0].id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="evilgnp.txt"; filename*=UTF-8''evilgnp.txt`,
    );
  });

  it('a name stored before the fix is cleaned on the way out (API and filename*)', async () => {
    const user = await h.createUser();
    const res = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'notes.txt', bytes: TEXT, type: 'text/plain' },
    ]);
    const id = res.body.data.attachments[0].id as string;
    await h.db
      .updateTable('support_attachments')
      .set({ original_name: 'r\u00e9sum\u00e9\u202Efdp.exe' })
      .where('uuid', '=', id)
      .execute();
    const detail = await h.rest('GET', `/support/tickets/${res.body.data.id}`, {
      token: user.token,
    });
    expect(detail.body.data.attachments[0].name).toBe('résuméfdp.exe');
    const download = await h.app.inject({
      method: 'GET',
      url: `/api/v1/support/attachments/${id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    const disposition = download.headers['content-disposition'] as string;
    expect(disposition).not.toMatch(/%E2%80%AE/i);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('résuméfdp.exe')}`);
  });

  it('the size-limit message names the cleaned file', () => {
    const error = supportUploads.fileTooLargeError('big\u202Egnp.txt');
    expect(error.message).toMatch(/^"biggnp\.txt" is larger than 10MB\./);
  });
});
