/** Door fixtures (see ./shared.ts): Organizations and what they hold: the public site, dashboard, organizations, members, instances and branding. */
import type { DoorWorld } from '../../src/testing/door-world/types';
import {
  anonymous,
  png,
  after,
  type DoorCall,
  type DoorFixture,
  afterInOrg,
  inOrg,
} from './shared';

/** The world's instance, with a custom domain set first (to remove or verify). */
async function withCustomDomain(w: DoorWorld): Promise<DoorCall> {
  const uuid = await w.instance();
  await w.h.rest('PUT', `/instances/${uuid}/custom-domain`, {
    token: w.user.token,
    body: { domain: `${w.tag}.example.org` },
  });
  return { input: { uuid } };
}

export const ORGANIZATIONS_FIXTURES: Record<string, DoorFixture> = {
  // public site
  'publicSite.contact': {
    call: (w) =>
      anonymous({
        name: 'Ada',
        email: `${w.tag}-contact@example.com`,
        organisation: 'Ada School',
        topic: 'demo',
        message: 'We would like a demo, please.',
      }),
  },
  'publicSite.tenantBranding': {
    call: async (w) => {
      await w.subscribed();
      return anonymous({ slug: await w.subdomain() });
    },
    why: 'the REST door answers it with a native fast path: it must agree with /trpc',
  },
  'publicSite.organizationBranding': {
    call: async (w) => anonymous({ uuid: await w.subscribed() }),
  },
  'publicSite.instanceBranding': { call: async (w) => anonymous({ uuid: await w.instance() }) },
  'publicSite.siteConfig': { call: () => anonymous({}) },
  'publicSite.analyticsPageview': { call: () => anonymous({ path: '/pricing' }) },
  'dashboard.summary': {
    call: async (w) => {
      await w.org();
      return { input: {} };
    },
  },
  'dashboard.overview': {
    call: async (w) => {
      await w.ticket();
      return { input: {} };
    },
  },

  // organizations, members
  'organizations.list': { call: after((w) => w.org()) },
  'organizations.findPublic': {
    call: async (w) => {
      await w.subscribed();
      return anonymous({ subdomain: await w.subdomain() });
    },
    why: 'on REST it is GET /organizations?public=true: the path of organizations.list, flagged',
  },
  'organizations.get': { call: async (w) => ({ input: { id: await w.org() } }) },
  'organizations.create': {
    call: (w) => ({
      input: { name: `${w.tag} School`, type: 'school', subdomain: `${w.tag}-new` },
    }),
  },
  'organizations.update': {
    call: inOrg((w) => ({ name: `${w.tag} Renamed`, type: 'camp', subdomain: w.tag })),
  },
  'organizations.delete': { call: async (w) => ({ input: { id: await w.org() } }) },
  'organizations.checkSubdomain': { call: (w) => ({ input: { subdomain: `${w.tag}-free` } }) },
  'organizations.restore': {
    call: async (w) => {
      const id = await w.org();
      const closed = await w.h.rest('DELETE', `/organizations/${id}`, { token: w.user.token });
      if (closed.status !== 200) throw new Error(`close organization: ${closed.text}`);
      return { input: { id } };
    },
  },
  'members.list': {
    call: afterInOrg((w) => w.member()),
  },
  'members.changeRole': {
    call: inOrg(async (w) => ({ user_uuid: (await w.member()).uuid, role: 'billing' })),
  },
  'members.remove': {
    call: inOrg(async (w) => ({ user_uuid: (await w.member()).uuid })),
  },
  'members.transferOwnership': {
    call: inOrg(async (w) => ({ user_uuid: (await w.member()).uuid })),
  },
  'members.invitations': {
    call: afterInOrg((w) => w.invitation()),
  },
  'members.invite': {
    call: inOrg((w) => ({ email: `${w.tag}-colleague@example.com`, role: 'member' })),
  },
  'members.revokeInvitation': {
    call: inOrg(async (w) => ({ uuid: (await w.invitation()).uuid })),
  },
  'members.invitation': {
    call: async (w) => anonymous({ token: (await w.invitation()).token }),
  },
  'members.acceptInvitation': {
    call: async (w) => {
      const invitation = await w.invitation();
      return { input: { token: invitation.token }, token: invitation.inviteeToken };
    },
  },
  'members.declineInvitation': {
    call: async (w) => {
      const invitation = await w.invitation();
      return { input: { token: invitation.token }, token: invitation.inviteeToken };
    },
  },

  // instances
  'instances.list': { call: after((w) => w.instance()) },
  'instances.uptime': {
    call: after(
      (w) => w.instance(),
      () => ({ days: 7 }),
    ),
  },
  'instances.get': { call: async (w) => ({ input: { uuid: await w.instance() } }) },
  'instances.health': { call: async (w) => ({ input: { uuid: await w.instance() } }) },
  'instances.deploy': {
    call: async (w) => ({
      input: {
        organization_uuid: await w.subscribed(),
        name: `${w.tag} Camp Site`,
        subdomain: `${w.tag}-camp`,
      },
    }),
  },
  'instances.delete': { call: async (w) => ({ input: { uuid: await w.instance() } }) },
  'instances.changeStatus': {
    call: async (w) => ({ input: { uuid: await w.instance(), action: 'suspend' } }),
  },
  'instances.setCustomDomain': {
    call: async (w) => ({ input: { uuid: await w.instance(), domain: `${w.tag}.example.org` } }),
  },
  'instances.removeCustomDomain': { call: withCustomDomain },
  'instances.verifyCustomDomain': {
    call: withCustomDomain,
    why: 'no DNS server in tests: the records are not found',
  },

  // branding
  'branding.getBranding': { call: async (w) => ({ input: { id: await w.org() } }) },
  'branding.updateBranding': {
    call: inOrg((w) => ({ company_name: `${w.tag} Ltd`, primary_color: '#112233' })),
  },
  'branding.deleteBrandingLogo': {
    call: afterInOrg((w) => w.logo()),
  },
  'branding.deleteBrandingFavicon': { call: async (w) => ({ input: { id: await w.org() } }) },
  'branding.getBrandingEmailPreview': { call: async (w) => ({ input: { id: await w.org() } }) },
  'branding.uploadBrandingLogo': {
    call: async (w) => ({ input: { id: await w.org() }, files: png('logo') }),
  },
  'branding.uploadBrandingFavicon': {
    call: async (w) => ({ input: { id: await w.org() }, files: png('favicon') }),
  },
};
