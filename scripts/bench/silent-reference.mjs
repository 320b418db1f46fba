// Reference rows only: the trivial calls through both doors on a server started with
// LOG_LEVEL=silent, the configuration `npm run bench` measured before issue 35. What users run
// logs (every other row); the difference is what the logging costs.
import { startServer } from './lib.mjs';

export async function bench({ ports, load, summary }) {
  const server = await startServer({ port: ports.silent, logging: 'silent' });
  try {
    const rows = [];
    for (const [name, path] of [
      ['GET /api/v1/public/site-config (REST door, trivial)', '/api/v1/public/site-config'],
      ['GET /trpc/publicSite.siteConfig (tRPC door, one call)', '/trpc/publicSite.siteConfig'],
    ]) {
      const url = `${server.url}${path}`;
      await load({ url, duration: 3 });
      rows.push(
        summary(`reference, LOG_LEVEL=silent: ${name}`, await load({ url }), {
          target: { text: 'reference (not what users run)', test: (row) => row.errors === 0 },
        }),
      );
    }
    return rows;
  } finally {
    await server.stop();
  }
}
