import {
  anonymous,
  byAccount,
  NEW_PASSWORD,
  newPassword,
  type Row,
  send,
  type State,
  type User,
} from './throttle-fixtures';

/** A profile change to a new address, with `currentPassword` as the proof. */
const moveTo = (s: State, who: User, currentPassword: string) =>
  byAccount('PUT', '/profile', {
    name: 'Moving Person',
    email: `moving-${(s.seq += 1)}-${Date.now()}@example.com`,
    current_password: currentPassword,
  })(s, who);

/** The throttled account changes, the public forms and the costly signed-in operations. */
export const ACCOUNT_THROTTLES: Row[] = [
  {
    op: 'PUT /profile/password',
    limit: 5,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [422],
    attempt: byAccount('PUT', '/profile/password', {
      current_password: 'not my password',
      ...newPassword(),
    }),
    legit: async (s, ip, who) => {
      const next = `${NEW_PASSWORD}-${(s.seq += 1)}`;
      const body = { current_password: who.password, ...newPassword(next) };
      const res = await send(byAccount('PUT', '/profile/password', body)(s, who), ip);
      if (res.status === 200) who.password = next;
      return res;
    },
    legitStatus: 200,
  },
  {
    op: 'POST /user/confirm-password',
    limit: 5,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [422],
    attempt: byAccount('POST', '/user/confirm-password', { password: 'not my password' }),
    legit: (s, ip, who) =>
      send(byAccount('POST', '/user/confirm-password', { password: who.password })(s, who), ip),
    legitStatus: 200,
  },
  {
    op: 'PUT /profile (new e-mail)',
    limit: 5,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [422],
    attempt: (s, who) => moveTo(s, who, 'not my password'),
    legit: (s, ip, who) => send(moveTo(s, who, who.password), ip),
    legitStatus: 200,
  },
  {
    op: 'POST /profile/email-change/confirm',
    limit: 10,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [400],
    attempt: byAccount('POST', '/profile/email-change/confirm', {
      token: 'not-the-token-from-the-link',
    }),
    legitStatus: 400,
  },
  {
    op: 'POST /auth/email-change/cancel',
    limit: 10,
    windowSeconds: 60,
    key: 'ip',
    okStatuses: [400],
    attempt: anonymous('/auth/email-change/cancel', { token: 'not-the-token-from-the-link' }),
    legitStatus: 400,
  },
  {
    op: 'POST /organizations/check-subdomain',
    limit: 30,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [200],
    attempt: byAccount('POST', '/organizations/check-subdomain', {
      subdomain: 'free-slug-to-check',
    }),
    legitStatus: 200,
  },
  {
    op: 'POST /contact',
    limit: 5,
    windowSeconds: 600,
    key: 'ip',
    okStatuses: [200],
    attempt: (s) =>
      anonymous('/contact', {
        name: 'Curious Parent',
        email: s.user.email,
        organisation: 'Oak Primary',
        topic: 'pricing',
        message: 'How much for two venues, please?',
      })(),
    legitStatus: 200,
  },
  {
    op: 'POST /support/tickets',
    limit: 10,
    windowSeconds: 3600,
    key: 'account',
    okStatuses: [201],
    attempt: byAccount('POST', '/support/tickets', {
      subject: 'Printer',
      description: 'It does not print.',
      category: 'technical',
    }),
    legitStatus: 201,
  },
  {
    op: 'POST /payments/test/payment-methods',
    limit: 30,
    windowSeconds: 60,
    key: 'account',
    okStatuses: [201],
    attempt: byAccount('POST', '/payments/test/payment-methods', {
      type: 'card',
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2099,
      cvc: '123',
    }),
    legitStatus: 201,
  },
];
