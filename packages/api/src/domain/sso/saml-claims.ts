import type { Profile } from '@node-saml/node-saml';
import {
  SAML_EMAIL_ATTRIBUTES,
  SAML_GROUP_ATTRIBUTES,
  SAML_NAME_ATTRIBUTES,
} from '../../contracts/sso-saml';

function attributeValues(profile: Profile, names: string[]): string[] {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const raw = attributes[name];
    if (raw === undefined) continue;
    const list = Array.isArray(raw) ? raw : [raw];
    const values = list.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (values.length > 0) return values.map((v) => v.trim());
  }
  return [];
}

/** What the admin sees after a test, and what the shared sign-in path reads. */
export function receivedAttributes(profile: Profile): Record<string, unknown> {
  return {
    issuer: profile.issuer ?? null,
    name_id: profile.nameID ?? null,
    name_id_format: profile.nameIDFormat ?? null,
    attributes: profile.attributes ?? {},
  };
}

export function personClaims(profile: Profile): Record<string, unknown> {
  const nameId = (profile.nameID ?? '').trim();
  const email = nameId.includes('@')
    ? nameId
    : (attributeValues(profile, SAML_EMAIL_ATTRIBUTES)[0] ?? '');
  const name = attributeValues(profile, SAML_NAME_ATTRIBUTES)[0] ?? '';
  return {
    email,
    // The IdP asserts the address; checkClaims then requires a verified domain of the organization.
    email_verified: true,
    name,
    sub: nameId || email,
    groups: attributeValues(profile, SAML_GROUP_ATTRIBUTES),
  };
}
