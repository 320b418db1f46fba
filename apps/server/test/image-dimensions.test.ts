import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDING_TEXTS } from '@scmp/api/contracts';
import { accountSecurity } from '@scmp/api';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { brandingHelpers } from '../src/testing/branding-helpers';
import { hugePng, icoWith } from '../src/testing/large-images';
import { multipartBody } from '../src/testing/multipart';

/**
 * Image dimension limits (issue 39): a logo or favicon is refused above 4096×4096 (logo) and
 * 512×512 (favicon) from its header, with a 422 in the size limit's message style, for an
 * organization's and an instance's branding; the avatar refuses the same decompression bomb.
 * The bomb is a valid 20000×20000 PNG of about 50 KB.
 */
let h: TestHarness;
const { upload, createInstance, setup } = brandingHelpers(() => h);
let bomb: Buffer;
beforeAll(async () => {
  h = await createHarness();
  bomb = hugePng(20000, 20000);
});
afterAll(() => h?.close());

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('logo and favicon dimensions', () => {
  it('the 20000×20000 PNG is small: the size limit alone lets it through', () => {
    expect(bomb.length).toBeLessThan(100 * 1024);
  });

  it('refuses a logo above 4096×4096 with 422 and the limit in the message; 4096 wide passes', async () => {
    const { user, org } = await setup();
    const res = await upload(user.token, org.uuid, 'logo', bomb);
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toBe(BRANDING_TEXTS.logoTooManyPixels);
    expect(res.body.message).toBe('The logo must be 4096×4096 pixels or smaller.');
    expect(res.body.errors).toEqual({ logo: [BRANDING_TEXTS.logoTooManyPixels] });
    // One side over the limit is enough.
    const wide = await upload(user.token, org.uuid, 'logo', hugePng(4097, 10));
    expect(wide.status).toBe(422);
    const ok = await upload(user.token, org.uuid, 'logo', await solid(4096, 64));
    expect(ok.status, ok.text).toBe(200);
    // Nothing was stored for the refused ones: the logo is the accepted one.
    const branding = await h.rest('GET', `/branding/${org.uuid}`, { token: user.token });
    expect(branding.body.data.logo_url).toBe(ok.body.data.logo_url);
  });

  it('refuses a favicon above 512×512 (PNG, or a PNG inside an ICO) with 422; 512×512 passes', async () => {
    const { user, org } = await setup();
    const big = await upload(user.token, org.uuid, 'favicon', await solid(600, 600));
    expect(big.status, big.text).toBe(422);
    expect(big.body.message).toBe('The favicon must be 512×512 pixels or smaller.');
    expect(big.body.errors).toEqual({ favicon: [BRANDING_TEXTS.faviconTooManyPixels] });
    expect((await upload(user.token, org.uuid, 'favicon', bomb)).status).toBe(422);
    const ico = await upload(user.token, org.uuid, 'favicon', icoWith(bomb), 'favicon.ico');
    expect(ico.status, ico.text).toBe(422);
    expect(ico.body.message).toBe(BRANDING_TEXTS.faviconTooManyPixels);
    const ok = await upload(user.token, org.uuid, 'favicon', await solid(512, 512));
    expect(ok.status, ok.text).toBe(200);
    const okIco = await upload(
      user.token,
      org.uuid,
      'favicon',
      icoWith(await solid(32, 32)),
      'favicon.ico',
    );
    expect(okIco.status, okIco.text).toBe(200);
  });

  it('applies to an instance’s branding too', async () => {
    const { user, org } = await setup();
    const instance = await createInstance(user.id, org.id);
    const logo = await upload(user.token, instance.uuid, 'logo', bomb);
    expect(logo.status, logo.text).toBe(422);
    expect(logo.body.message).toBe(BRANDING_TEXTS.logoTooManyPixels);
    const favicon = await upload(user.token, instance.uuid, 'favicon', await solid(513, 16));
    expect(favicon.status).toBe(422);
    expect(favicon.body.message).toBe(BRANDING_TEXTS.faviconTooManyPixels);
  });
});

describe('avatar dimensions', () => {
  it('refuses the same 20000×20000 PNG with 422', async () => {
    const user = await h.createUser({ verified: true });
    const { body, headers } = multipartBody([{ name: 'avatar', filename: 'me.png', bytes: bomb }]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      headers: { authorization: `Bearer ${user.token}`, ...headers },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.parse(res.body).errors.avatar).toEqual([accountSecurity.AVATAR_TEXTS.unreadable]);
    const stored = await h.db
      .selectFrom('users')
      .select('avatar_path')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.avatar_path).toBeNull();
  });
});
