import { PRODUCT } from '@scmp/api/contracts';
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import { insertOrganizationRow } from '../../src/testing/organization-rows';

export type User = Awaited<ReturnType<TestHarness['createUser']>>;

/** The file's server and its verified owner (set before its tests run). */
export let h: TestHarness;
export let owner: User;

/**
 * What the portal front-page tests share: a server and a verified owner (above), made before the
 * file's tests, closed after them; a school (organization and instance) of the
 * owner, a GET on its host, saving its front page, the texts that belong to SCMP and never to a
 * portal, and a complete front page.
 */
export function usePortalFixtures() {
  beforeAll(async () => {
    h = await createHarness();
    owner = await h.createUser({ verified: true });
  });
  afterAll(() => h.close());
  let counter = 0;

  /** An active organization with one instance in `status` at main-<slug>.instances.localhost. */
  async function school(
    name: string,
    options: { status?: 'active' | 'suspended' | 'provisioning'; customDomain?: string } = {},
  ) {
    counter += 1;
    const slug = `school-${counter}-${Date.now().toString(36)}`;
    const org = await insertOrganizationRow(h.db, { owner_id: owner.id, name, subdomain: slug });
    const host = `main-${slug}.instances.localhost`;
    const instance = await h.db
      .insertInto('instances')
      .values({
        organization_id: org.id,
        owner_id: owner.id,
        name: 'Main Site',
        prefix: 'main',
        host,
        status: options.status ?? 'active',
        custom_domain: options.customDomain ?? null,
        custom_domain_status: options.customDomain ? 'verified' : null,
      })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
    return { org, instance, host, slug };
  }

  const get = (host: string, url = '/', headers: Record<string, string> = {}) =>
    h.app.inject({ url, headers: { host, ...headers } });

  const saveFrontPage = (id: string, frontPage: unknown, extra: Record<string, unknown> = {}) =>
    h.rest('PUT', `/branding/${id}`, {
      body: { front_page: frontPage, ...extra },
      token: owner.token,
    });

  /** SCMP's own marketing, prices, sign-up/sign-in and contacts: none may reach a portal. */
  const SCMP_TEXTS = [
    'Run your whole setting from one place',
    'Book Demo',
    'Register',
    'Sign in',
    'Start your setup',
    '£',
    'Camp Management Platform',
    'SCMP. All rights reserved',
    PRODUCT.generalEmail,
    PRODUCT.supportEmail,
    PRODUCT.salesEmail,
    PRODUCT.phone,
    'scmp.co.uk',
  ];

  const LINKS = [
    { label: 'Parent sign-in', url: 'https://parents.oakfield.example/login' },
    { label: 'Term dates', url: 'https://oakfield.example/term-dates?year=2026&term=1' },
  ];

  /** Every field of a front page, as saved and as answered back. */
  const OAKFIELD_FRONT_PAGE = {
    headline: 'Welcome to Oakfield',
    welcome_text: 'A happy school.\n\nDoors open at 8:30.',
    links: LINKS,
    contact_email: 'office@oakfield.example',
    contact_phone: '+44 20 7946 0000',
    contact_address: '1 School Lane\nOakfield',
    page_title: 'Oakfield Primary – Parents',
  };
  return { school, get, saveFrontPage, SCMP_TEXTS, LINKS, OAKFIELD_FRONT_PAGE };
}
