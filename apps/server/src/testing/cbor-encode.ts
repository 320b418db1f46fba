/**
 * The few CBOR encodings a WebAuthn authenticator produces (RFC 8949): unsigned and negative
 * integers, byte and text strings, maps. Enough for COSE keys and attestation objects in tests.
 */
export type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function head(major: number, length: number): Buffer {
  const type = major << 5;
  if (length < 24) return Buffer.from([type | length]);
  if (length < 0x100) return Buffer.from([type | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = type | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = type | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cborEncode(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cborEncode(k), cborEncode(v));
  return Buffer.concat(parts);
}
