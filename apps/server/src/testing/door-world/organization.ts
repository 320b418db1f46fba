import { giveActiveSubscription } from '../billing-fixtures';
import { multipartBody } from '../multipart';
import { TINY_PNG } from '../security-fixtures';
import { createWebhookRowForTest } from '../webhook-rows';
import { drainJobs, ok, once, type WorldBase } from './world-helpers';

/** The organization and what hangs off it, each built once on first use through the REST door. */
export function organizationPieces({ h, tag, user, rest }: WorldBase) {
  const org = once(async () => {
    const res = await rest('POST', '/organizations', {
      name: `${tag} Academy`,
      type: 'school',
      subdomain: tag,
    });
    ok(res, 'organization');
    return res.body.data.uuid as string;
  });
  const subscribed = once(async () => {
    const uuid = await org();
    await giveActiveSubscription(h, user.token, uuid);
    return uuid;
  });
  const instance = once(async () => {
    const res = await rest('POST', '/instances', {
      organization_uuid: await subscribed(),
      name: `${tag} Site`,
      subdomain: `${tag}-site`,
    });
    ok(res, 'instance');
    await drainJobs(h);
    return res.body.data.uuid as string;
  });
  const ticket = once(async () => {
    const res = await rest('POST', '/support/tickets', {
      subject: `${tag} cannot sign in`,
      description: 'The login page shows an error.',
      category: 'technical',
      priority: 'high',
      organization_uuid: await org(),
    });
    ok(res, 'ticket');
    return String(res.body.data.id);
  });
  const logo = once(async () => {
    const mp = multipartBody([
      { name: 'logo', filename: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    const res = await h.rest('POST', `/branding/${await org()}/logo`, {
      token: user.token,
      body: mp.body,
      headers: mp.headers,
    });
    ok(res, 'logo');
  });
  const webhook = once(
    async () =>
      (await createWebhookRowForTest(h, await org(), 'https://hooks.example.com/scmp')).uuid,
  );
  const delivery = once(async () => {
    const res = await rest(
      'POST',
      `/organizations/${await org()}/webhooks/${await webhook()}/test`,
    );
    ok(res, 'webhook test');
    return res.body.data.uuid as string;
  });
  const domain = once(async () => {
    const res = await rest('POST', `/organizations/${await org()}/domains`, {
      domain: `${tag}.example.org`,
    });
    ok(res, 'domain');
    return res.body.data.uuid as string;
  });
  return { org, subscribed, instance, ticket, logo, webhook, delivery, domain };
}
