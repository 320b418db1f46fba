import type { TestHarness } from './harness';
import { multipartBody, type MultipartPart } from './multipart';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A minimal ICO header (one 16x16 image entry) followed by PNG bytes. */
export const ICO = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]),
  Buffer.from([PNG.length & 0xff, (PNG.length >> 8) & 0xff, 0, 0, 22, 0, 0, 0]),
  PNG,
]);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#f00"/></svg>',
);

/** Uploads, file fetches, organizations and instances for the branding tests (`harness()` is read at call time). */
export function brandingHelpers(harness: () => TestHarness) {
  /** Multipart bodies whose files are declared as PNG (what a browser sends for an image). */
  const multipart = (parts: MultipartPart[]) =>
    multipartBody(parts.map((part) => ('bytes' in part ? { type: 'image/png', ...part } : part)));

  async function upload(
    token: string,
    id: string,
    kind: 'logo' | 'favicon',
    bytes: Buffer,
    filename = `${kind}.png`,
  ) {
    const { body, headers } = multipart([{ name: kind, filename, bytes }]);
    return harness().rest('POST', `/branding/${id}/${kind}`, { body, headers, token });
  }

  async function fetchFile(url: string) {
    const res = await harness().app.inject({ method: 'GET', url });
    return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
  }

  let orgCounter = 0;
  async function createOrg(ownerId: number, subdomain?: string) {
    orgCounter += 1;
    return harness()
      .db.insertInto('organizations')
      .values({
        owner_id: ownerId,
        name: `Org ${orgCounter}`,
        type: 'school',
        description: null,
        subdomain: subdomain ?? `brand-org-${orgCounter}-${Date.now()}`,
        status: 'active',
      })
      .returning(['id', 'uuid', 'subdomain'])
      .executeTakeFirstOrThrow();
  }

  async function createInstance(ownerId: number, organizationId: number) {
    orgCounter += 1;
    return harness()
      .db.insertInto('instances')
      .values({
        organization_id: organizationId,
        owner_id: ownerId,
        name: `Instance ${orgCounter}`,
        prefix: `p${orgCounter}`,
        host: `p${orgCounter}-${Date.now()}.portal.test`,
        custom_domain: null,
        provisioned_at: null,
        last_health_check: null,
        last_health_status: null,
        terminated_at: null,
      })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
  }

  async function setup() {
    const user = await harness().createUser();
    const org = await createOrg(user.id);
    return { user, org };
  }

  return { multipart, upload, fetchFile, createOrg, createInstance, setup };
}
