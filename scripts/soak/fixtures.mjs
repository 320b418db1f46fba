// Accounts for the load: registered through the API, verified from the dev mailbox, each with an
// organization and a ticket. Every virtual client has its own address (X-Forwarded-For; the
// scenarios start the server with TRUST_PROXY=true) so per-address limits apply per client.
import { api } from './lib.mjs';

export const PASSWORD = 'Soak-Test-Passw0rd!';
export const clientIp = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function expectOk(res, what) {
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${what}: ${res.status} ${res.error ?? JSON.stringify(res.json)}`);
  }
  return res.json?.data;
}

async function verifyByMail(url, email) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = await api(url, 'GET', '/dev/mail.json');
    const mail = (mails.json ?? []).find((m) => m.to === email && /\/verify-email\//.test(m.text));
    const link = mail && /https?:\/\/[^\s]+\/verify-email\/[^\s]+/.exec(mail.text)?.[0];
    if (link) {
      const { pathname, search } = new URL(link);
      return expectOk(await api(url, 'GET', `/api/v1/auth${pathname}${search}`), 'verify e-mail');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification e-mail for ${email}`);
}

/** Registers `count` verified users, each with one organization and one ticket. */
export async function createUsers(url, count, tag = 'soak') {
  const users = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < count; i++) {
    const ip = clientIp(60_000 + i);
    const email = `${tag}-${stamp}-${i}@example.com`;
    const reg = expectOk(
      await api(url, 'POST', '/api/v1/auth/register', {
        ip,
        body: { name: `Soak ${i}`, email, password: PASSWORD, password_confirmation: PASSWORD },
      }),
      'register',
    );
    await verifyByMail(url, email);
    const token = reg.token;
    const org = expectOk(
      await api(url, 'POST', '/api/v1/organizations', {
        ip,
        token,
        body: { name: `Soak School ${stamp} ${i}`, type: 'school', description: 'Soak test' },
      }),
      'create organization',
    );
    const ticket = expectOk(
      await api(url, 'POST', '/api/v1/support/tickets', {
        ip,
        token,
        body: {
          category: 'technical',
          subject: `Soak ticket ${i}`,
          description: 'Opened by the soak test.',
          organization_uuid: org.uuid ?? org.id,
        },
      }),
      'create ticket',
    );
    users.push({ email, token, orgId: org.id, ticketId: ticket.id ?? ticket.uuid });
  }
  return users;
}
