import { zipSync, strToU8 } from 'fflate';
import type { TestHarness } from './harness';
import { multipartBody, type MultipartPart } from './multipart';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export function docx(): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      'word/document.xml': strToU8('<w:document/>'),
    }),
  );
}

export const fields = (overrides: Record<string, string> = {}): MultipartPart[] =>
  Object.entries({
    subject: 'Login page broken',
    description: 'The login page shows an error.',
    category: 'technical',
    priority: 'high',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

/** Ticket uploads and the outbox for the support tests (`harness()` is read at call time). */
export function supportHelpers(harness: () => TestHarness) {
  async function postMultipart(token: string | undefined, parts: MultipartPart[]) {
    const { body, headers } = multipartBody(parts);
    return harness().rest('POST', '/support/tickets', { body, headers, token });
  }

  /** POST /support/tickets with a JSON body (the multipart form's twin). */
  async function postJson(token: string | undefined, body: Record<string, unknown>) {
    return harness().rest('POST', '/support/tickets', { body, token });
  }

  async function outboxTo(address: string) {
    return harness()
      .db.selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', address)
      .orderBy('id', 'asc')
      .execute();
  }

  return { postMultipart, postJson, outboxTo };
}
