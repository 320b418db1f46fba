import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@scmp/api/contracts';
import { expectAnswer } from '../src/testing/expect-answer';
import { type TestHarness } from '../src/testing/harness';
import { brandingHelpers } from '../src/testing/branding-helpers';
import { useHarness } from '../src/testing/use-harness';

/** GET and PUT /branding/{id}: stored and resolved fields, validation, sanitising, custom CSS. */
let h: TestHarness;
useHarness((made) => (h = made));
const { setup } = brandingHelpers(() => h);

describe('GET and PUT /branding/{id}', () => {
  it('answers the stored fields (null) and the defaults as resolved for a new organization', async () => {
    const { user, org } = await setup();
    const res = await h.rest('GET', `/branding/${org.uuid}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: org.uuid,
      type: 'organization',
      organization_uuid: org.uuid,
      company_name: null,
      primary_color: null,
      logo_url: null,
      favicon_url: null,
      custom_css: null,
    });
    expect(d.resolved).toMatchObject({
      company_name: DEFAULT_BRANDING.company_name,
      primary_color: DEFAULT_BRANDING.primary_color,
    });
  });

  it('saves text and colours; empty text becomes null; omitted fields are kept', async () => {
    const { user, org } = await setup();
    let res = await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: {
        company_name: '  Acme School ',
        tagline: 'Learning together',
        primary_color: '#123',
        secondary_color: '#AABBCC',
        nav_background_color: '',
        footer_text: '',
        email_template_header: '<p>Hello</p>',
      },
    });
    expectAnswer(res, 200, 'Branding settings saved successfully.', {
      company_name: 'Acme School',
      tagline: 'Learning together',
      primary_color: '#123',
      secondary_color: '#AABBCC',
      nav_background_color: null,
      footer_text: null,
      email_template_header: '<p>Hello</p>',
    });
    expect(res.body.data.resolved.company_name).toBe('Acme School');
    res = await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: { tagline: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.company_name).toBe('Acme School');
    expect(res.body.data.tagline).toBeNull();
    expect(res.body.data.resolved.tagline).toBe(DEFAULT_BRANDING.tagline);
  });

  it('validates each field with a clear message', async () => {
    const { user, org } = await setup();
    const cases: Array<[string, unknown, RegExp]> = [
      ['primary_color', 'red', /Primary color must be a hex colour/],
      ['secondary_color', '#12345', /Secondary color must be a hex colour/],
      ['accent_color', '#GGG', /Accent color must be a hex colour/],
      ['nav_text_color', '123456', /Navigation text color must be a hex colour/],
      ['nav_text_hover_color', '#1234567', /Navigation text hover color must be a hex colour/],
      ['nav_background_color', 42, /Navigation background color must be a hex colour/],
      ['company_name', 'x'.repeat(256), /Company name must be at most 255 characters/],
      ['tagline', 'x'.repeat(256), /Tagline must be at most 255 characters/],
      ['footer_text', 'x'.repeat(1001), /Footer text must be at most 1000 characters/],
      [
        'email_template_header',
        'x'.repeat(10_001),
        /E-mail template header must be at most 10000 characters/,
      ],
      [
        'email_template_footer',
        'x'.repeat(10_001),
        /E-mail template footer must be at most 10000 characters/,
      ],
      ['custom_css', `a{color:red}${' '.repeat(51_200)}`, /Custom CSS must be at most 50 KB/],
    ];
    for (const [field, value, message] of cases) {
      const res = await h.rest('PUT', `/branding/${org.uuid}`, {
        token: user.token,
        body: { [field]: value },
      });
      expect(res.status, field).toBe(422);
      expect(res.body.message, field).toMatch(message);
      expect(res.body.errors[field][0], field).toMatch(message);
    }
    // Nothing was written.
    const row = await h.db
      .selectFrom('brandings')
      .selectAll()
      .where('organization_id', '=', org.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // Limits exactly are fine.
    const res = await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: { company_name: 'x'.repeat(255), footer_text: 'y'.repeat(1000) },
    });
    expect(res.status).toBe(200);
  });

  it('sanitises the e-mail header and footer with an allow-list', async () => {
    const { user, org } = await setup();
    const res = await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: {
        email_template_header:
          '<div style="color:#fff;background-color:#123456"><img src="https://x.test/l.png" onerror="alert(1)"><script>alert(1)</script><b>Acme</b></div>',
        email_template_footer:
          '<a href="javascript:alert(1)">x</a><iframe src="https://x"></iframe>ok',
      },
    });
    expect(res.status).toBe(200);
    const header = res.body.data.email_template_header as string;
    expect(header).toContain('<b>Acme</b>');
    expect(header).toContain('https://x.test/l.png');
    expect(header).not.toMatch(/script|onerror/i);
    const footer = res.body.data.email_template_footer as string;
    expect(footer).not.toMatch(/javascript|iframe/i);
    expect(footer).toContain('ok');
    const preview = await h.rest('GET', `/branding/${org.uuid}/email-preview`, {
      token: user.token,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.html).toContain('<b>Acme</b>');
    expect(preview.body.data.html).not.toMatch(/<script/i);
  });
});

describe('custom CSS', () => {
  it('is parsed and rebuilt; our own upload URLs are allowed', async () => {
    const { user, org } = await setup();
    const name = 'branding-123e4567-e89b-42d3-a456-426614174000.png';
    const res = await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: {
        custom_css: `.hero {  color : red ;  background: url("/files/branding/${name}") }\n@media (max-width: 600px) { .nav { display: none } }`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.custom_css).toBe(
      `.hero{color:red;background:url(/files/branding/${name})}@media (max-width:600px){.nav{display:none}}`,
    );
  });

  it.each([
    ['</style><script>alert(1)</script>', /could close the style element/],
    ['a{color:red}</style><script>alert(1)</script>', /could close the style element/],
    ['@import url("https://evil.test/x.css");', /@import/],
    ["@import 'https://evil.test/x.css';", /@import/],
    ['a{background:url(https://evil.test/x.png)}', /url\(\) with your own uploaded branding files/],
    ["a{background:url('//evil.test/x.png')}", /url\(\) with your own uploaded branding files/],
    ['a{background:url(/files/branding/../../etc/passwd)}', /url\(\) with your own/],
    ['a{width:expression(alert(1))}', /expression\(\)/],
    ['a{width:EXPRESSION (alert(1))}', /expression\(\)/],
    ['a{behavior:url(x.htc)}', /behavior/],
    ['a{-moz-binding:url(x.xml#b)}', /-moz-binding/],
    ['a{color:red', /could not be parsed|./],
    ['a{--x: url(https://evil.test)}', /url\(\)/],
    ['@\\69mport "https://evil.test/x.css";', /@import/],
    ['a{width:expr\\65ssion(alert(1))}', /expression\(\)/],
    ['a{beh\\61vior:url(x)}', /behavior/],
    ['a{content:"\\3c/style>"}', /could close the style element/],
    ['@font-face{font-family:x;src:url(https://evil.test/f.woff)}', /url\(\)/],
    ['a{background-image:image-set("https://evil.test/x" 1x)}', /url\(\)/],
  ])('refuses %s', async (css, message) => {
    const { user, org } = await setup();
    const res = await h.rest('PUT', `/branding/${org.uuid}`, {
      token: user.token,
      body: { custom_css: css },
    });
    if (css === 'a{color:red') {
      // css-tree recovers an unclosed block; either refusal or a rebuilt, closed rule is fine.
      if (res.status === 200) expect(res.body.data.custom_css).toBe('a{color:red}');
      else expect(res.status).toBe(422);
      return;
    }
    expect(res.status).toBe(422);
    expect(res.body.errors.custom_css[0]).toMatch(message);
  });
});
