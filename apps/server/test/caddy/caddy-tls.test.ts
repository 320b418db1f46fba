import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueCertificateChecks, runDueDomainChecks } from '@scmp/api';
import { deployedInstance } from '../../src/testing/billing-fixtures';
import { pointCustomDomain } from '../../src/testing/custom-domain-dns';
import { startTestDnsServer, type TestDnsServer } from '../../src/testing/dns-server';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { freePort } from '../../src/testing/free-port';

/**
 * Debian's Caddy in front of the server, as docs/deployment.md sets it up (issue 24): on-demand
 * TLS from Caddy's internal CA, asking /api/v1/internal/tls/ask before each certificate. Checks
 * that the ask endpoint allowed the instance host and the verified custom domain and refused an
 * unknown host (no certificate, no page), that both hosts are served over https through Caddy,
 * and that the certificate checks record `active` with Caddy's root given as TLS_CA_FILE.
 * `.ci/run` installs Caddy (apt-get install -y caddy).
 */
const CADDY = spawnSync('sh', ['-c', 'command -v caddy']).stdout.toString().trim();

let h: TestHarness;
let dns: TestDnsServer;
let caddy: ChildProcess | undefined;
let caddyLog = '';
let askProxy: http.Server;
let appPort: number;
let httpsPort: number;
let rootCa = '';
const asks: Array<{ domain: string; status: number }> = [];

/** GET over https through Caddy, every name resolved to loopback, trusting Caddy's root. */
function get(host: string, urlPath: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = https.get(
      {
        host,
        port: httpsPort,
        path: urlPath,
        ca: rootCa,
        lookup: (_name, options, done) => {
          if ((options as { all?: boolean }).all) done(null, [{ address: '127.0.0.1', family: 4 }]);
          else (done as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4);
        },
        timeout: 15_000,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
  });
}

async function waitFor(check: () => boolean, what: string, ms = 20_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}\n${caddyLog}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  if (!CADDY) throw new Error('Caddy is not installed: apt-get install -y caddy (.ci/run does)');
  dns = await startTestDnsServer();
  appPort = await freePort();
  httpsPort = await freePort();
  const httpPort = await freePort();
  h = await createHarness({
    appUrl: `http://localhost:${appPort}`,
    tls: { publicHttps: true, askAllow: ['127.0.0.1'], caFile: undefined, checkPort: httpsPort },
    domains: { dnsServers: [dns.address], publicIps: [], dnsTimeoutMs: 500 },
  });
  await h.app.listen({ port: appPort, host: '127.0.0.1' });

  // Caddy asks through this recorder, so the test sees each question and its answer.
  askProxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    h.app
      .inject({ url: `/api/v1/internal/tls/ask${url.search}`, remoteAddress: '127.0.0.1' })
      .then((answer) => {
        asks.push({ domain: url.searchParams.get('domain') ?? '', status: answer.statusCode });
        res.writeHead(answer.statusCode).end(answer.body);
      });
  });
  await new Promise<void>((resolve) => askProxy.listen(0, '127.0.0.1', resolve));
  const askPort = (askProxy.address() as { port: number }).port;

  const dir = path.join(h.config.dataDir, 'caddy');
  mkdirSync(dir, { recursive: true });
  const caddyfile = path.join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
	admin off
	storage file_system ${dir}/data
	skip_install_trust
	http_port ${httpPort}
	https_port ${httpsPort}
	on_demand_tls {
		ask http://127.0.0.1:${askPort}/api/v1/internal/tls/ask
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy 127.0.0.1:${appPort}
}
`,
  );
  caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: `${dir}/xdg`, XDG_CONFIG_HOME: `${dir}/xdg` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
  caddy.stderr?.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
  const rootFile = path.join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
  await waitFor(
    () => existsSync(rootFile) && caddyLog.includes('serving initial configuration'),
    'Caddy to start',
  );
  rootCa = (await import('node:fs')).readFileSync(rootFile, 'utf8');
  h.config.tls.caFile = rootFile;
}, 60_000);

afterAll(async () => {
  caddy?.kill('SIGTERM');
  await new Promise((resolve) => askProxy?.close(resolve));
  await h?.close();
  await dns?.close();
});

describe('Caddy with on-demand TLS asking the server', () => {
  let inst: Json;
  let owner: Awaited<ReturnType<TestHarness['createUser']>>;

  it('serves an instance host over https and the certificate check records active', async () => {
    owner = await h.createUser();
    inst = await deployedInstance(h, owner.token, { name: 'Acme Academy', subdomain: 'acme' });
    expect(inst.host).toBe('main-acme.instances.localhost');

    const health = await get('main-acme.instances.localhost', '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', instance: inst.uuid });
    expect(asks).toContainEqual({ domain: 'main-acme.instances.localhost', status: 200 });

    // The first check may have run before Caddy had a certificate; check again now.
    await h.db.updateTable('instances').set({ ssl_next_check_at: h.clock.now() }).execute();
    expect(await runDueCertificateChecks(h.deps)).toBe(1);
    const checked = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body
      .data;
    expect(checked.ssl_status, checked.ssl_reason).toBe('active');
    expect(checked.ssl_issuer).toMatch(/Caddy Local Authority/);
    expect(new Date(checked.ssl_expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('serves a verified custom domain over https, and its status becomes active', async () => {
    await pointCustomDomain(h, dns, owner.token, inst.uuid, 'portal.acme.test');

    // Before verification Caddy is refused a certificate for it.
    await expect(get('portal.acme.test', '/')).rejects.toThrow();
    expect(asks).toContainEqual({ domain: 'portal.acme.test', status: 404 });

    const verified = await h.rest('POST', `/instances/${inst.uuid}/custom-domain/verify`, {
      token: owner.token,
    });
    expect(verified.body.data.custom_domain_status).toMatch(/^(verified|active)$/);
    const page = await get('portal.acme.test', '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="scmp-instance" content="${inst.uuid}">`);
    expect(asks).toContainEqual({ domain: 'portal.acme.test', status: 200 });

    await h.db
      .updateTable('instances')
      .set({ custom_domain_next_check_at: h.clock.now() })
      .execute();
    await runDueDomainChecks(h.deps);
    const active = (await h.rest('GET', `/instances/${inst.uuid}`, { token: owner.token })).body
      .data;
    expect(active.custom_domain_status, active.custom_domain_reason).toBe('active');
  });

  it('refuses an unknown host: the ask says 404 and Caddy issues no certificate', async () => {
    await expect(get('unknown.acme.test', '/')).rejects.toThrow();
    await expect(get('nobody-acme.instances.localhost', '/')).rejects.toThrow();
    expect(asks).toContainEqual({ domain: 'unknown.acme.test', status: 404 });
    expect(asks).toContainEqual({ domain: 'nobody-acme.instances.localhost', status: 404 });
    expect(caddyLog).not.toMatch(/certificate obtained successfully.*unknown\.acme\.test/);
  });
});
