import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@scmp/api/contracts';
import { type TestHarness } from '../src/testing/harness';
import { PNG, SVG, brandingHelpers } from '../src/testing/branding-helpers';
import { useHarness } from '../src/testing/use-harness';

/** Branding falls back instance → organization → defaults, and only the owner reaches it. */
let h: TestHarness;
useHarness((made) => (h = made));
const { multipart, upload, createInstance, setup } = brandingHelpers(() => h);

describe('fallback order', () => {
  it('instance → organization → defaults, field by field', async () => {
    const { user, org } = await setup();
    const instance = await createInstance(user.id, org.id);
    await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: { company_name: 'Org Name', primary_color: '#111111', tagline: 'Org tagline' },
    });
    let res = await h.rest('PUT', `/branding/${instance.uuid}`, {
      token: user.token,
      body: { company_name: 'Instance Name' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'instance',
      organization_uuid: org.uuid,
      company_name: 'Instance Name',
      primary_color: null,
    });
    expect(res.body.data.resolved).toMatchObject({
      company_name: 'Instance Name',
      primary_color: '#111111',
      tagline: 'Org tagline',
      secondary_color: DEFAULT_BRANDING.secondary_color,
    });
    // The organization's own view is unaffected by the instance.
    res = await h.rest('GET', `/branding/${org.uuid}`, { token: user.token });
    expect(res.body.data.resolved.company_name).toBe('Org Name');
    // An instance logo wins over the org logo; the org logo shows through otherwise.
    const orgLogo = await upload(user.token, org.uuid, 'logo', PNG);
    expect(orgLogo.status).toBe(200);
    res = await h.rest('GET', `/branding/${instance.uuid}`, { token: user.token });
    expect(res.body.data.logo_url).toBeNull();
    expect(res.body.data.resolved.logo_url).toBe(orgLogo.body.data.logo_url);
    const instLogo = await upload(user.token, instance.uuid, 'logo', SVG, 'logo.svg');
    expect(instLogo.status).toBe(200);
    expect(instLogo.body.data.resolved.logo_url).toBe(instLogo.body.data.logo_url);
    // E-mail header/footer: the instance's own, else the organization's, each on its own.
    await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: {
        email_template_header: '<p>Org header</p>',
        email_template_footer: '<p>Org footer</p>',
      },
    });
    await h.rest('PUT', `/branding/${instance.uuid}`, {
      token: user.token,
      body: { email_template_footer: '<p>Instance footer</p>' },
    });
    const preview = await h.rest('GET', `/branding/${instance.uuid}/email-preview`, {
      token: user.token,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.html).toContain('<p>Org header</p>');
    expect(preview.body.data.html).toContain('<p>Instance footer</p>');
    expect(preview.body.data.html).not.toContain('Org footer');
    expect(preview.body.data.subject).toBe('A message from Instance Name');
  });
});

describe('ownership', () => {
  it("another owner's id, an unknown uuid and a non-uuid answer 404 on every route", async () => {
    const { org } = await setup();
    const owner = (await h.db
      .selectFrom('organizations')
      .select('owner_id')
      .where('id', '=', org.id)
      .executeTakeFirstOrThrow())!;
    const instance = await createInstance(owner.owner_id, org.id);
    const other = await h.createUser();
    for (const id of [
      org.uuid,
      instance.uuid,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '1',
    ]) {
      const calls = [
        await h.rest('GET', `/branding/${id}`, { token: other.token }),
        await h.rest('PUT', `/branding/${id}`, {
          token: other.token,
          body: { company_name: 'Hijack' },
        }),
        await h.rest('DELETE', `/branding/${id}/logo`, { token: other.token }),
        await h.rest('DELETE', `/branding/${id}/favicon`, { token: other.token }),
        await h.rest('GET', `/branding/${id}/email-preview`, { token: other.token }),
        await upload(other.token, id, 'logo', PNG),
        await upload(other.token, id, 'favicon', PNG),
      ];
      for (const res of calls) {
        expect(res.status, id).toBe(404);
        expect(res.body.success).toBe(false);
      }
    }
    const rows = await h.db
      .selectFrom('brandings')
      .selectAll()
      .where((eb) =>
        eb.or([eb('organization_id', '=', org.id), eb('instance_id', '=', instance.id)]),
      )
      .execute();
    expect(rows).toEqual([]);
  });

  it('requires sign-in', async () => {
    const { org } = await setup();
    expect((await h.rest('GET', `/branding/${org.uuid}`)).status).toBe(401);
    const { body, headers } = multipart([{ name: 'logo', filename: 'l.png', bytes: PNG }]);
    expect((await h.rest('POST', `/branding/${org.uuid}/logo`, { body, headers })).status).toBe(
      401,
    );
  });
});
