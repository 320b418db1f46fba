// The REST door for a trivial procedure: GET /api/v1/public/site-config (public, no database),
// and GET /api/v1/health (the same door plus a database round trip) for reference.
export async function bench({ serverUrl, load, summary }) {
  const rows = [];
  const trivial = `${serverUrl}/api/v1/public/site-config`;
  // The first module after start-up: the server's throughput still climbs for a few seconds
  // (JIT tiers, heap sizing), so this warm-up is longer than the others' 2 s.
  await load({ url: trivial, duration: 6 });
  rows.push(
    summary('GET /api/v1/public/site-config (REST door, trivial)', await load({ url: trivial }), {
      target: { text: '≥ 0.45·C', test: (row, { c }) => row.requests_per_sec >= 0.45 * c },
    }),
  );
  rows.push(
    summary(
      'GET /api/v1/health (REST door + DB ping)',
      await load({ url: `${serverUrl}/api/v1/health` }),
    ),
  );
  return rows;
}
