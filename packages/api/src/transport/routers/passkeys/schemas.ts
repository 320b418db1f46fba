import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';

const base64url = (what: string, max: number) =>
  z
    .string({ error: `${what} must be a base64url string.` })
    .max(max, `${what} is too long.`)
    .regex(/^[A-Za-z0-9_-]*$/, `${what} must be a base64url string.`);

const credentialFields = {
  id: base64url('The credential id', 1400).min(1, 'The credential id is required.'),
  rawId: base64url('The raw credential id', 1400),
  type: z.literal('public-key', { error: 'The credential type must be public-key.' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
};

/** What @simplewebauthn/browser's startRegistration() returns (navigator.credentials.create). */
export const registrationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url('clientDataJSON', 4096),
      attestationObject: base64url('attestationObject', 16_384),
      authenticatorData: base64url('authenticatorData', 16_384).optional(),
      transports: z.array(z.string().max(32)).max(8).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url('publicKey', 4096).optional(),
    }),
  })
  .describe(
    'The JSON of the new credential, as @simplewebauthn/browser startRegistration returns it',
  )
  .transform((value) => value as RegistrationResponseJSON);

/** What @simplewebauthn/browser's startAuthentication() returns (navigator.credentials.get). */
export const authenticationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url('clientDataJSON', 4096),
      authenticatorData: base64url('authenticatorData', 16_384),
      signature: base64url('signature', 2048),
      userHandle: base64url('userHandle', 128).optional(),
    }),
  })
  .describe('The assertion, as @simplewebauthn/browser startAuthentication returns it')
  .transform((value) => value as AuthenticationResponseJSON);

const descriptor = z.looseObject({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialRequestOptionsJSON: hand it to startAuthentication({ optionsJSON }). */
export const requestOptionsOutput = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  userVerification: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON: hand it to startRegistration({ optionsJSON }). */
export const creationOptionsOutput = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.string().optional(),
  extensions: z.looseObject({}).optional(),
  hints: z.array(z.string()).optional(),
});

export const challengeTokenField = z
  .string({ error: 'The challenge token must be a string.' })
  .max(200, 'The challenge token is too long.');
