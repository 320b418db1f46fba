import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type TestHarness } from '../src/testing/harness';
import { PDF, PNG, docx, fields, supportHelpers } from '../src/testing/support-helpers';
import { useHarness } from '../src/testing/use-harness';

/** Support ticket attachments: multipart uploads, the limits and allow-list, and who may download them. */
let h: TestHarness;
useHarness((made) => (h = made));
const { postMultipart } = supportHelpers(() => h);

describe('attachments', () => {
  it('opens a ticket with attachments from multipart (all field name styles)', async () => {
    const user = await h.createUser();
    const res = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'screen.png', bytes: PNG },
      { name: 'attachments[]', filename: 'invoice.pdf', bytes: PDF },
      { name: 'attachments', filename: 'notes.txt', bytes: Buffer.from('hello £ world\n') },
      { name: 'attachments[3]', filename: 'data.csv', bytes: Buffer.from('a,b\n1,2\n') },
      { name: 'attachments[4]', filename: 'letter.docx', bytes: docx() },
    ]);
    expect(res.status).toBe(201);
    const names = res.body.data.attachments.map((a: { name: string; content_type: string }) => [
      a.name,
      a.content_type,
    ]);
    expect(names).toEqual([
      ['screen.png', 'image/png'],
      ['invoice.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
      ['data.csv', 'text/csv'],
      ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    expect(res.body.data.priority).toBe('high');
  });

  it('treats an empty optional multipart field as not given', async () => {
    const user = await h.createUser();
    const res = await postMultipart(user.token, [
      ...fields({ priority: '', organization_uuid: '' }),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ priority: 'medium', organization_uuid: null });
  });

  it('refuses more than 5 files, files over 10MB and types off the allow-list', async () => {
    const user = await h.createUser();
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: `attachments[${i}]`,
      filename: `f${i}.png`,
      bytes: PNG,
    }));
    const tooMany = await postMultipart(user.token, [...fields(), ...six]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('You can attach at most 5 files.');

    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'big.png', bytes: big },
    ]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain('10MB');

    const exe = await postMultipart(user.token, [
      ...fields(),
      {
        name: 'attachments[0]',
        filename: 'tool.exe',
        bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
      },
    ]);
    expect(exe.status).toBe(422);
    expect(exe.body.message).toContain('not allowed');

    // A PNG disguised as text, binary named .txt and a plain zip are all refused.
    const binaryTxt = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'x.txt', bytes: Buffer.from([0x41, 0x00, 0x42]) },
    ]);
    expect(binaryTxt.status).toBe(422);
    const zip = await postMultipart(user.token, [
      ...fields(),
      {
        name: 'attachments[0]',
        filename: 'x.docx',
        bytes: Buffer.from(zipSync({ 'a.txt': strToU8('hi') })),
      },
    ]);
    expect(zip.status).toBe(422);
    const html = await postMultipart(user.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'page.html', bytes: Buffer.from('<script>x</script>') },
    ]);
    expect(html.status).toBe(422);
    // Nothing was created by the refused requests.
    const list = await h.rest('GET', '/support/tickets', { token: user.token });
    expect(list.body.data).toHaveLength(0);
  });

  it('serves downloads only to the owner and staff', async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const staff = await h.createUser({ staff: true });
    const res = await postMultipart(owner.token, [
      ...fields(),
      { name: 'attachments[0]', filename: 'screen.png', bytes: PNG },
    ]);
    const attachment = res.body.data.attachments[0];
    expect(attachment.url).toBe(`/api/v1/support/attachments/${attachment.id}`);
    const path = `/support/attachments/${attachment.id}`;

    const mine = await h.app.inject({
      method: 'GET',
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="screen.png"/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');

    expect((await h.rest('GET', path, { token: staff.token })).status).toBe(200);
    const others = await h.rest('GET', path, { token: other.token });
    expect(others.status).toBe(404);
    expect(others.body.success).toBe(false);
    expect((await h.rest('GET', path)).status).toBe(401);
    expect(
      (await h.rest('GET', '/support/attachments/not-a-uuid', { token: owner.token })).status,
    ).toBe(404);
  });
});
