import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { cborEncode, type CborValue } from './cbor-encode';

/**
 * A passkey authenticator in software, as the WebAuthn spec describes one: P-256 keys made with
 * node:crypto, 'none' attestation, discoverable credentials, user presence and verification,
 * a signature counter. Tests drive both ceremonies with it and can bend any part (origin, RP id,
 * counter, key) to check that the server refuses.
 */
export type Credential = {
  id: string;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
};

export type CeremonyOverrides = {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** Assertion: the counter to report (default: one more than last time). */
  counter?: number;
  /** Assertion: use this credential (default: the first one the options allow for the RP). */
  credential?: Credential;
  /** Assertion: answer with this id although another credential signs. */
  claimId?: string;
  userVerified?: boolean;
};

type CreationOptions = {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
};
type RequestOptions = {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
};

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

function flagsOf(userVerified: boolean, attested: boolean): number {
  return FLAG_UP | (userVerified ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter, 0);
  return b;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The credential's public key as a COSE EC2 key (kty 2, alg ES256, crv P-256, x, y). */
function coseKeyOf(privateKey: KeyObject): Buffer {
  const jwk = privateKey.export({ format: 'jwk' });
  return cborEncode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export function createSoftwareAuthenticator(defaults: { origin: string; rpId: string }) {
  const credentials: Credential[] = [];

  return {
    credentials,

    /** navigator.credentials.create(): a new discoverable credential for the options' RP. */
    register(options: CreationOptions, overrides: CeremonyOverrides = {}) {
      const rpId = overrides.rpId ?? options.rp.id ?? defaults.rpId;
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const idBytes = randomBytes(32);
      const credential: Credential = {
        id: idBytes.toString('base64url'),
        privateKey,
        rpId,
        userHandle: options.user.id,
        counter: 0,
      };
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flagsOf(overrides.userVerified ?? true, true)]),
        counterBytes(0),
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([idBytes.length >> 8, idBytes.length & 0xff]),
        idBytes,
        coseKeyOf(privateKey),
      ]);
      const attestationObject = cborEncode(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map<CborValue, CborValue>()],
          ['authData', authData],
        ]),
      );
      const data = clientData(
        'webauthn.create',
        overrides.challenge ?? options.challenge,
        overrides.origin ?? defaults.origin,
      );
      credentials.push(credential);
      return {
        credential,
        response: {
          id: credential.id,
          rawId: credential.id,
          type: 'public-key' as const,
          authenticatorAttachment: 'platform' as const,
          clientExtensionResults: {},
          response: {
            clientDataJSON: data.toString('base64url'),
            attestationObject: attestationObject.toString('base64url'),
            transports: ['internal'],
          },
        },
      };
    },

    /** navigator.credentials.get(): an assertion signed with the credential's private key. */
    assert(options: RequestOptions, overrides: CeremonyOverrides = {}) {
      const optionsRpId = options.rpId ?? defaults.rpId;
      const rpId = overrides.rpId ?? optionsRpId;
      const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
      const credential =
        overrides.credential ??
        credentials.find(
          (c) => c.rpId === optionsRpId && (allowed.length === 0 || allowed.includes(c.id)),
        );
      if (!credential) throw new Error('no credential for this relying party');
      credential.counter = overrides.counter ?? credential.counter + 1;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flagsOf(overrides.userVerified ?? true, false)]),
        counterBytes(credential.counter),
      ]);
      const data = clientData(
        'webauthn.get',
        overrides.challenge ?? options.challenge,
        overrides.origin ?? defaults.origin,
      );
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(data)]),
        credential.privateKey,
      );
      const id = overrides.claimId ?? credential.id;
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: data.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
