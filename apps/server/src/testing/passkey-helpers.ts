import type { TestHarness } from './harness';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from './software-authenticator';

/** A software authenticator for the test server's relying party (APP_URL). */
export function authenticatorFor(h: TestHarness): SoftwareAuthenticator {
  const url = new URL(h.config.appUrl);
  return createSoftwareAuthenticator({ origin: url.origin, rpId: url.hostname });
}

/** Adds a passkey to the signed-in user through the REST door; returns its uuid. */
export async function registerPasskey(
  h: TestHarness,
  token: string,
  authenticator: SoftwareAuthenticator,
  name = 'Office laptop',
): Promise<string> {
  const options = await h.rest('POST', '/passkeys/registration/options', { token });
  if (options.status !== 200) throw new Error(`registration options: ${options.text}`);
  const { response } = authenticator.register(options.body.data);
  const verify = await h.rest('POST', '/passkeys/registration/verify', {
    token,
    body: { name, response },
  });
  if (verify.status !== 201) throw new Error(`registration verify: ${verify.text}`);
  return verify.body.data.uuid as string;
}
