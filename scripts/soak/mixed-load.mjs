// The mixed load: every autocannon connection loops through a visitor's session (public pages,
// sign in, list and change organizations, open tickets, sign out) while the server's RSS is sampled.
import autocannon from 'autocannon';
import { PASSWORD, clientIp } from './fixtures.mjs';
import { check, mb, rssOf } from './lib.mjs';

const json = (context, extra = {}) => ({
  accept: 'application/json',
  'x-forwarded-for': context.ip,
  ...(context.token ? { authorization: `Bearer ${context.token}` } : {}),
  ...extra,
});

/** One visitor session; autocannon clears the context at the start of each loop. */
export function sessionRequests(users) {
  let visits = 0;
  return [
    {
      method: 'GET',
      path: '/',
      setupRequest: (req, context) => {
        const n = visits++;
        context.user = users[n % users.length];
        context.ip = clientIp(n % 200_000);
        return { ...req, headers: { accept: 'text/html', 'x-forwarded-for': context.ip } };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/public/site-config',
      setupRequest: (req, context) => ({ ...req, headers: json(context) }),
    },
    {
      method: 'GET',
      path: '/pricing',
      setupRequest: (req, context) => ({
        ...req,
        headers: { accept: 'text/html', 'x-forwarded-for': context.ip },
      }),
    },
    {
      method: 'POST',
      path: '/api/v1/auth/login',
      setupRequest: (req, context) => ({
        ...req,
        headers: json(context, { 'content-type': 'application/json' }),
        body: JSON.stringify({ email: context.user.email, password: PASSWORD }),
      }),
      onResponse: (status, body, context) => {
        if (status === 200) context.token = JSON.parse(body).data.token;
      },
    },
    ...[
      ['GET', '/api/v1/user'],
      ['GET', '/api/v1/organizations'],
      ['PUT', '/api/v1/organizations/:org'],
      ['GET', '/api/v1/organizations/:org'],
      ['GET', '/api/v1/support/tickets'],
      ['GET', '/api/v1/support/tickets/:ticket'],
      ['POST', '/api/v1/auth/logout'],
    ].map(([method, template]) => ({
      method,
      setupRequest: (req, context) => {
        if (!context.token) context.token = context.user.token; // sign-in refused (429): reuse
        const path = template
          .replace(':org', context.user.orgId)
          .replace(':ticket', context.user.ticketId);
        if (method === 'PUT') {
          return {
            ...req,
            method,
            path,
            headers: json(context, { 'content-type': 'application/json' }),
            body: JSON.stringify({
              name: `Soak School ${context.user.email.split('@')[0]}`,
              type: 'school',
              description: `Changed at ${Date.now()}`,
            }),
          };
        }
        if (template.endsWith('logout') && context.token === context.user.token) {
          // Keep the long-lived fixture session; sign out only sessions made in this loop.
          return { ...req, method: 'GET', path: '/api/v1/user', headers: json(context) };
        }
        return { ...req, method, path, headers: json(context) };
      },
    })),
  ];
}

/**
 * Runs the load for `seconds` with `connections`, sampling the RSS of `pid` every second. A request
 * unanswered after `timeoutS` (default 30 s, the server's own REQUEST_TIMEOUT_MS) counts as an error.
 * Returns { result, samples, checks }.
 */
export async function runMixedLoad({ url, users, pid, seconds, connections, timeoutS = 30 }) {
  const samples = [];
  const sampler = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== null) samples.push({ t: Date.now(), rss });
  }, 1000);
  const errorCodes = {};
  let result;
  try {
    result = await new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections,
          duration: seconds,
          timeout: timeoutS,
          pipelining: 1,
          requests: sessionRequests(users),
        },
        (error, res) => (error ? reject(error) : resolve(res)),
      );
      instance.on('reqError', (error) => {
        const code = error?.code ?? error?.message ?? 'error';
        errorCodes[code] = (errorCodes[code] ?? 0) + 1;
      });
    });
  } finally {
    clearInterval(sampler);
  }
  const end = rssOf(pid); // right after the last answer
  if (end !== null) samples.push({ t: Date.now(), rss: end });
  return { result, samples, errorCodes, checks: loadChecks(result, samples, errorCodes, seconds) };
}

/** The most the server may hold at the end of the load (issue 25). */
const END_RSS_LIMIT = 350 * 1024 * 1024;

/** Memory growth across the last 30 s (or the second half of a shorter run). */
export function memoryGrowth(samples, seconds) {
  const windowS = Math.min(30, Math.floor(seconds / 2));
  const window = samples.slice(-windowS);
  if (window.length < 4) return { growth: 0, from: 0, to: 0, windowS };
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const from = median(window.slice(0, 3).map((s) => s.rss));
  const to = median(window.slice(-3).map((s) => s.rss));
  return { growth: (to - from) / from, from, to, windowS };
}

function loadChecks(result, samples, errorCodes, seconds) {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}:${count}`)
    .join(' ');
  const mem = memoryGrowth(samples, seconds);
  const peak = Math.max(0, ...samples.map((s) => s.rss));
  const end = samples.at(-1)?.rss ?? 0;
  const memDetail =
    seconds < 20
      ? `peak RSS ${mb(peak)} (growth is measured from 20 s runs on: this one is all warm-up)`
      : `RSS ${mb(mem.from)} → ${mb(mem.to)} over the last ${mem.windowS} s (${(mem.growth * 100).toFixed(1)} %), peak ${mb(peak)}`;
  return [
    check(
      'requests answered',
      result.requests.total > 0,
      `${result.requests.total} in ${seconds} s (${Math.round(result.requests.average)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms) [${statuses}]`,
    ),
    check('zero 5xx', result['5xx'] === 0, `${result['5xx']} responses 5xx`),
    // Every request of the session is valid: anything but 200 or a rate limit's 429 is a bug
    // (the home page once answered 400 to clients without Accept-Encoding, autocannon included).
    check(
      'only 200s and rate-limit 429s',
      Object.keys(result.statusCodeStats ?? {}).every((code) => code === '200' || code === '429'),
      statuses,
    ),
    check(
      'zero socket errors',
      result.errors === 0 && result.timeouts === 0,
      `${result.errors} errors, ${result.timeouts} timeouts ${JSON.stringify(errorCodes)}`,
    ),
    // A short run is all warm-up: the growth is reported, the bar applies from 20 s on.
    check('memory flat after warm-up', seconds < 20 || mem.growth <= 0.1, memDetail),
    // Issue 25: the server fits a 1 GB machine beside other things after the whole load.
    check(
      `RSS at the end ≤ ${mb(END_RSS_LIMIT)}`,
      end > 0 && end <= END_RSS_LIMIT,
      `${mb(end)} after the last request`,
    ),
  ];
}
