import { expect } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { createOrganization, invitationTokenFromMail } from '../../src/testing/organization-rows';

type User = Awaited<ReturnType<TestHarness['createUser']>>;

/** Organizations, invitations and teams for the member tests (`harness()` is read at call time). */
export function teamHelpers(harness: () => TestHarness) {
  const newOrganization = async (owner: User, name = 'Team School') =>
    (await createOrganization(harness(), owner.token, { name, type: 'school' })).uuid;

  /** The invitation e-mail's token: the only place it exists in clear. */
  const tokenFromMail = (email: string) => invitationTokenFromMail(harness(), email);

  const invite = (owner: User, orgUuid: string, email: string, role = 'member') =>
    harness().rest('POST', `/organizations/${orgUuid}/invitations`, {
      token: owner.token,
      body: { email, role },
    });

  /** An owner's new organization and a verified person invited to it (as a member), not yet joined. */
  async function pendingInvitation() {
    const owner = await harness().createUser({ verified: true });
    const orgUuid = await newOrganization(owner);
    const invited = await harness().createUser({ verified: true });
    await invite(owner, orgUuid, invited.email);
    return { owner, orgUuid, invited, token: await tokenFromMail(invited.email) };
  }

  /** An owner's new organization with one more person in `role`, who accepted the invitation. */
  async function teamWith(role: 'admin' | 'billing' | 'member') {
    const h = harness();
    const owner = await h.createUser({ verified: true, name: 'Owner Person' });
    const orgUuid = await newOrganization(owner);
    const person = await h.createUser({ verified: true, name: 'Team Person' });
    await invite(owner, orgUuid, person.email, role);
    const token = await tokenFromMail(person.email);
    expect(
      (await h.rest('POST', `/invitations/${token}/accept`, { token: person.token })).status,
    ).toBe(200);
    return { owner, orgUuid, person };
  }

  return { newOrganization, tokenFromMail, invite, pendingInvitation, teamWith };
}
