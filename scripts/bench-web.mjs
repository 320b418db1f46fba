// npm run bench:web: page-load budgets of the built web app (issue 12), measured in Chromium with
// mobile emulation (360×640, DPR 2, touch) and 4× CPU slowdown: LCP ≤ 2.5 s, total blocking time
// ≤ 200 ms and CLS ≤ 0.1 for /, /pricing and /dashboard (signed in as the demo user). Each page is
// loaded cold BENCH_WEB_RUNS times (default 3); the median decides. Prints a table, writes
// bench/web-results.json and exits non-zero when a budget is missed. Timings are per machine: on a
// busy machine they are pessimistic.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../apps/web/chromium-launch.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3414);
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const WEB_DIST_DIR = path.resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const SERVER_BUNDLE = path.resolve(process.env.SERVER_BUNDLE ?? 'apps/server/dist/server.cjs');
const BASE_URL = `http://localhost:${PORT}`;
const DEMO = { email: 'demo@scmp.test', password: 'DemoPass!2026' };
const BUDGET = { lcp_ms: 2500, tbt_ms: 200, cls: 0.1 };
const PAGES = [
  { route: '/', signedIn: false },
  { route: '/pricing', signedIn: false },
  { route: '/dashboard', signedIn: true },
];
/** Moto G4-like phone, as Lighthouse's mobile preset. */
const MOBILE = {
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};
/** The page counts as settled after this long without a long task or a request (TTI-style). */
const QUIET_MS = 3000;
const MAX_WAIT_MS = 30_000;

function buildIfMissing(file, workspace, custom) {
  if (existsSync(file)) return;
  if (custom) throw new Error(`${file} does not exist: build it first`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function waitForHealth(url, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

async function startServer() {
  const dataDir = path.join(os.tmpdir(), `scmp-bench-web-${PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`${BASE_URL}/api/v1/health`);
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

async function signIn() {
  const res = await fetch(`${BASE_URL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const body = await res.json();
  if (!res.ok || !body?.data?.token) throw new Error(`demo sign-in failed: ${res.status}`);
  return body.data.token;
}

/** Runs in the page before any of its scripts: collects paint, LCP, layout-shift, long tasks. */
function observePerformance() {
  const perf = { fcp: null, lcp: null, shifts: [], longTasks: [], lastActivity: 0 };
  globalThis.__benchPerf = perf;
  const observe = (type, onEntry, buffered = true) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered,
      });
    } catch {
      /* entry type not supported */
    }
  };
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') perf.fcp = e.startTime;
  });
  observe('largest-contentful-paint', (e) => {
    perf.lcp = e.renderTime || e.loadTime || e.startTime;
  });
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) perf.shifts.push([e.startTime, e.value]);
  });
  observe('longtask', (e) => {
    perf.longTasks.push([e.startTime, e.duration]);
    perf.lastActivity = Math.max(perf.lastActivity, e.startTime + e.duration);
  });
  observe('resource', (e) => {
    perf.lastActivity = Math.max(perf.lastActivity, e.responseEnd);
  });
}

/** CLS as Chromium reports it: the worst session window (gaps < 1 s, windows ≤ 5 s). */
function cumulativeLayoutShift(shifts) {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const [time, value] of shifts) {
    if (time - previous >= 1000 || time - windowStart >= 5000) {
      current = 0;
      windowStart = time;
    }
    current += value;
    previous = time;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** Lighthouse's TBT: the part over 50 ms of every long task after first contentful paint. */
function totalBlockingTime(longTasks, fcp) {
  let total = 0;
  for (const [start, duration] of longTasks) {
    const blocking = start + duration - Math.max(start, fcp) - 50;
    if (blocking > 0) total += blocking;
  }
  return total;
}

async function measure(browser, { route, signedIn }, token) {
  const context = await browser.newContext(MOBILE);
  if (signedIn) {
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
  }
  await context.addInitScript(observePerformance);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await page.goto(`${BASE_URL}${route}`, { waitUntil: 'load', timeout: MAX_WAIT_MS });
    // Usable: the routed page has rendered its heading (not the loading spinner).
    await page.locator('main h1').first().waitFor({ timeout: MAX_WAIT_MS });
    const started = Date.now();
    for (;;) {
      const idleFor = await page.evaluate(
        () => performance.now() - globalThis.__benchPerf.lastActivity,
      );
      if (idleFor >= QUIET_MS || Date.now() - started > MAX_WAIT_MS) break;
      await page.waitForTimeout(250);
    }
    const raw = await page.evaluate(() => ({
      ...globalThis.__benchPerf,
      js: performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'script' || /\.m?js(\?|$)/.test(e.name))
        .reduce((sum, e) => sum + e.encodedBodySize, 0),
    }));
    return {
      lcp_ms: Math.round(raw.lcp ?? Infinity),
      tbt_ms: Math.round(totalBlockingTime(raw.longTasks, raw.fcp ?? 0)),
      cls: Number(cumulativeLayoutShift(raw.shifts).toFixed(3)),
      fcp_ms: Math.round(raw.fcp ?? Infinity),
      js_kb: Number((raw.js / 1024).toFixed(1)),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

buildIfMissing(
  path.join(WEB_DIST_DIR, 'index.html'),
  '@scmp/web',
  Boolean(process.env.WEB_DIST_DIR),
);
buildIfMissing(SERVER_BUNDLE, '@scmp/server', Boolean(process.env.SERVER_BUNDLE));

const stopServer = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions);
const rows = [];
try {
  const token = await signIn();
  for (const target of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(browser, target, token));
    const pick = (key) => median(runs.map((r) => r[key]));
    const row = {
      route: target.route,
      lcp_ms: pick('lcp_ms'),
      tbt_ms: pick('tbt_ms'),
      cls: pick('cls'),
      fcp_ms: pick('fcp_ms'),
      js_kb: pick('js_kb'),
    };
    row.pass = row.lcp_ms <= BUDGET.lcp_ms && row.tbt_ms <= BUDGET.tbt_ms && row.cls <= BUDGET.cls;
    rows.push({ ...row, runs });
  }
} finally {
  await browser.close();
  await stopServer();
}

console.log(
  `\nChromium, mobile 360×640 DPR 2, 4× CPU slowdown, median of ${RUNS} cold loads; ` +
    `budgets LCP ≤ ${BUDGET.lcp_ms} ms, TBT ≤ ${BUDGET.tbt_ms} ms, CLS ≤ ${BUDGET.cls}`,
);
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(2)}`,
);
console.table(
  rows.map(({ runs: _runs, pass, ...row }) => ({ ...row, result: pass ? 'pass' : 'FAIL' })),
);
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/web-results.json',
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? null, load: os.loadavg() },
      settings: { ...MOBILE, cpuSlowdown: 4, runs: RUNS, quietWindowMs: QUIET_MS },
      budgets: BUDGET,
      results: rows,
    },
    null,
    2,
  )}\n`,
);
console.log('written to bench/web-results.json');
if (rows.some((r) => !r.pass)) {
  console.error('bench:web: a page misses its budget');
  process.exit(1);
}
