/** Door fixtures (see ./shared.ts): Support, subscription, webhooks and the staff console. */
import { WEBHOOK_EVENTS } from '@scmp/api/contracts/webhooks';
import { TINY_PNG } from '../../src/testing/security-fixtures';
import { anonymous, after, asStaff, type DoorFixture, afterInOrg, inOrg } from './shared';

/** A staff figure of the whole platform: keys and types compared only, because `why`. */
const platformWide = (why: string): DoorFixture => ({
  call: asStaff(() => ({})),
  shapeOnly: true,
  why,
});

export const OPERATIONS_FIXTURES: Record<string, DoorFixture> = {
  // support
  'support.listTickets': { call: after((w) => w.ticket()) },
  'support.getTicket': { call: async (w) => ({ input: { id: await w.ticket() } }) },
  'support.createTicket': {
    call: async (w) => ({
      input: {
        subject: `${w.tag} needs help`,
        description: 'The page is blank.',
        category: 'technical',
        priority: 'low',
        organization_uuid: await w.org(),
      },
      files: [
        { name: 'attachments[]', filename: 'screen.png', bytes: TINY_PNG, type: 'image/png' },
      ],
    }),
  },
  'support.createTicketMessage': {
    call: async (w) => ({ input: { id: await w.ticket(), message: 'Any news on this?' } }),
  },
  'support.staffListTickets': {
    call: asStaff(
      (w) => ({ q: w.tag }),
      (w) => w.ticket(),
    ),
  },
  'support.staffGetTicket': { call: asStaff(async (w) => ({ id: await w.ticket() })) },
  'support.staffReply': {
    call: asStaff(async (w) => ({ id: await w.ticket(), message: 'We are on it.' })),
  },
  'support.staffSetStatus': {
    call: asStaff(async (w) => ({ id: await w.ticket(), status: 'resolved' })),
  },

  // subscription
  'subscription.config': { call: () => anonymous({}) },
  'subscription.setupIntent': {
    call: async (w) => ({
      input: { organization_uuid: await w.org(), payment_type: 'direct_debit' },
    }),
    why: 'test mode has no Stripe: refused the same way',
  },
  'subscription.create': {
    call: async (w) => ({
      input: {
        organization_uuid: await w.org(),
        plan_type: 'basic',
        additional_venues: 0,
        payment_method_id: await w.card(),
        payment_type: 'card',
        billing_details: {
          name: 'Ada Owner',
          email: 'billing@example.com',
          address: {
            line1: '1 High Street',
            city: 'London',
            postal_code: 'EC1A 1AA',
            country: 'GB',
          },
        },
      },
    }),
  },
  'subscription.get': {
    call: async (w) => ({ input: { organization_uuid: await w.subscribed() } }),
  },
  'subscription.billingHistory': {
    call: async (w) => ({ input: { organization_uuid: await w.subscribed() } }),
  },
  'subscription.invoicedMonthly': {
    call: async (w) => ({ input: { organization_uuid: await w.subscribed() } }),
  },
  'subscription.preview': {
    call: async (w) => ({
      input: { organization_uuid: await w.subscribed(), plan_type: 'unlimited' },
    }),
  },
  'subscription.changePlan': {
    call: async (w) => ({
      input: { organization_uuid: await w.subscribed(), plan_type: 'unlimited' },
    }),
  },
  'subscription.cancel': {
    call: async (w) => ({ input: { organization_uuid: await w.subscribed() } }),
  },
  'subscription.addLocations': {
    call: async (w) => ({
      input: { organization_uuid: await w.subscribed(), additional_locations: 1 },
    }),
  },
  'subscription.removeLocations': {
    call: async (w) => {
      const organization_uuid = await w.subscribed();
      await w.h.rest('PATCH', '/subscription/add-locations', {
        token: w.user.token,
        body: { organization_uuid, additional_locations: 1 },
      });
      return { input: { organization_uuid, locations_to_remove: 1 } };
    },
  },
  'subscription.updatePaymentMethod': {
    call: async (w) => ({
      input: { organization_uuid: await w.subscribed(), payment_method_id: await w.card() },
    }),
  },
  'subscription.createTestPaymentMethod': {
    call: (w) => ({
      input: {
        type: 'card',
        number: '4242424242424242',
        exp_month: 12,
        exp_year: w.h.clock.now().getUTCFullYear() + 2,
        cvc: '123',
      },
    }),
  },

  // webhooks
  'webhooks.list': {
    call: afterInOrg((w) => w.webhook()),
  },
  'webhooks.create': {
    call: inOrg(() => ({
      url: 'https://hooks.example.com/new',
      events: [WEBHOOK_EVENTS[0]],
      description: 'New one',
    })),
  },
  'webhooks.get': {
    call: inOrg(async (w) => ({ uuid: await w.webhook() })),
  },
  'webhooks.update': {
    call: inOrg(async (w) => ({ uuid: await w.webhook(), description: 'Edited', enabled: false })),
  },
  'webhooks.remove': {
    call: inOrg(async (w) => ({ uuid: await w.webhook() })),
  },
  'webhooks.test': {
    call: inOrg(async (w) => ({ uuid: await w.webhook() })),
  },
  'webhooks.deliveries': {
    call: after(
      (w) => w.delivery(),
      async (w) => ({ id: await w.org(), uuid: await w.webhook() }),
    ),
  },
  'webhooks.redeliver': {
    call: inOrg(async (w) => ({ uuid: await w.webhook(), delivery_uuid: await w.delivery() })),
  },

  // staff console (a search by the world's tag keeps the lists to this world)
  'staff.overview': platformWide('platform-wide counts: the other door’s world changes them'),
  'staff.customers': {
    call: asStaff(
      (w) => ({ q: w.tag, limit: 10 }),
      (w) => w.org(),
    ),
  },
  'staff.customer': {
    call: asStaff(
      (w) => ({ uuid: w.user.uuid }),
      (w) => w.org(),
    ),
  },
  'staff.retention': platformWide(
    'platform-wide runs and closing organizations: the other door’s world changes them',
  ),
  'staff.instances': {
    call: asStaff(
      (w) => ({ q: w.tag, limit: 10 }),
      (w) => w.instance(),
    ),
  },
};
