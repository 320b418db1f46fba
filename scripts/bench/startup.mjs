// Start-up: time from spawning the built server until /api/v1/health answers, on an empty data
// folder (migrations + demo data) and when reopening that folder.
import { startServer } from './lib.mjs';

export async function bench({ ports }) {
  const first = await startServer({ port: ports.startup });
  await first.stop({ keepData: true });
  const again = await startServer({ port: ports.startup, dataDir: first.dataDir });
  await again.stop();
  first.removeData();
  const row = (name, ms, limit) => ({
    name,
    requests_per_sec: null,
    p50_ms: ms,
    p99_ms: null,
    errors: 0,
    target: { text: `healthy ≤ ${limit / 1000} s`, test: () => ms <= limit },
  });
  return [
    row('Start-up: first start on an empty folder (PGlite)', first.readyMs, 10_000),
    row('Start-up: reopening an existing embedded database', again.readyMs, 3_000),
  ];
}
