// The tRPC door as the SPA uses it: one batched GET carrying 3 queries (the signed-in user, the
// site configuration and the plan catalogue). calls/s = 3 × requests/s.
const PROCEDURES = ['auth.me', 'publicSite.siteConfig', 'subscription.config'];

export async function bench({ serverUrl, token, load, summary }) {
  const input = encodeURIComponent(JSON.stringify({}));
  const url = `${serverUrl}/trpc/${PROCEDURES.join(',')}?batch=1&input=${input}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const check = await fetch(url, { headers });
  if (check.status !== 200) throw new Error(`tRPC batch answered ${check.status}`);
  await load({ url, headers, duration: 2 });
  const row = summary(`GET /trpc batch of 3 (${PROCEDURES.join(', ')})`, await load({ url, headers }));
  const calls = row.requests_per_sec * PROCEDURES.length;
  return [
    {
      ...row,
      target: {
        text: 'report calls/s',
        note: (_r, { c }) => `${calls} calls/s = ${(calls / c).toFixed(2)}·C`,
        test: () => row.errors === 0,
      },
    },
  ];
}
