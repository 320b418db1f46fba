import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { multipartBody } from '../src/testing/multipart';
import { useHarness } from '../src/testing/use-harness';

/** The activity log records each avatar change once: a removal only when there was a photo. */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });

describe('avatar activity', () => {
  it('records an upload and a removal, not the removal of a photo that is not there', async () => {
    const user = await h.createUser({ verified: true });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { body, headers } = multipartBody([{ name: 'avatar', filename: 'me.png', bytes: png }]);
    const upload = await h.rest('POST', '/profile/avatar', { body, headers, token: user.token });
    expect(upload.status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect((await h.rest('DELETE', '/profile/avatar', { token: user.token })).status).toBe(200);
    }

    const log = await h.rest('GET', '/activity?type=profile', { token: user.token });
    expect(log.status).toBe(200);
    const entries = (log.body.data as Array<{ action: string; description: string }>).map(
      (entry) => [entry.action, entry.description],
    );
    expect(entries).toEqual([
      ['profile.avatar_removed', 'Removed profile photo'],
      ['profile.avatar_updated', 'Updated profile photo'],
    ]);
  });
});
