// The tRPC door (the web app's own): one call without batching, GET /trpc/publicSite.siteConfig
// (public, no database), and the batched GET the SPA sends on every page load, 3 queries (the
// signed-in user, the site configuration and the plan catalogue). calls/s = 3 × requests/s.
const PROCEDURES = ['auth.me', 'publicSite.siteConfig', 'subscription.config'];

export async function bench({ serverUrl, token, load, summary }) {
  const rows = [];
  const one = `${serverUrl}/trpc/publicSite.siteConfig`;
  const single = await fetch(one);
  if (single.status !== 200) throw new Error(`tRPC call answered ${single.status}`);
  await load({ url: one, duration: 2 });
  rows.push(
    summary('GET /trpc/publicSite.siteConfig (tRPC door, one call, no batch)', await load({ url: one }), {
      target: { text: '≥ 0.25·C', test: (row, { c }) => row.requests_per_sec >= 0.25 * c },
    }),
  );

  const input = encodeURIComponent(JSON.stringify({}));
  const url = `${serverUrl}/trpc/${PROCEDURES.join(',')}?batch=1&input=${input}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const check = await fetch(url, { headers });
  if (check.status !== 200) throw new Error(`tRPC batch answered ${check.status}`);
  await load({ url, headers, duration: 2 });
  const row = summary(`GET /trpc batch of 3 (${PROCEDURES.join(', ')})`, await load({ url, headers }));
  const calls = row.requests_per_sec * PROCEDURES.length;
  rows.push({
    ...row,
    target: {
      text: 'calls/s ≥ 0.35·C',
      note: (_r, { c }) => `${calls} calls/s = ${(calls / c).toFixed(2)}·C`,
      test: (r, { c }) => r.errors === 0 && calls >= 0.35 * c,
    },
  });
  return rows;
}
