import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { loggerOptions } from '../../src/logging/logger-options';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { mailsTo } from '../../src/testing/recorded-rows';

type Res = { status: number; body: Json };
type CallOptions = {
  body?: unknown;
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
};

/**
 * A server whose logger is the production configuration (at trace level, the most talkative)
 * writing into memory (`lines`), with a client that counts its requests and a list of the secrets
 * that travelled in them (`remember`), for log-scan.test.ts.
 */
export async function startLoggedServer() {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'scmp-logscan-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SCMP</title>');
  const h: TestHarness = await createHarness({ webDistDir: dist });
  const lines: string[] = [];
  const secrets: { label: string; value: string | RegExp }[] = [];
  let requests = 0;
  const stream = { write: (chunk: string) => void lines.push(chunk) };
  // Same database and dependencies; this app's logger also becomes deps.logger (services log too).
  const app = await buildApp(h.deps, h.config, { logger: { ...loggerOptions('trace'), stream } });
  await app.ready();

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: CallOptions = {},
  ): Promise<Res> {
    requests += 1;
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(options.body !== undefined || options.raw !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.raw !== undefined ? { payload: options.raw } : {}),
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
    let body: Json = {};
    try {
      body = JSON.parse(res.body) as Json;
    } catch {
      body = {};
    }
    return { status: res.statusCode, body };
  }

  return {
    h,
    lines,
    secrets,
    requests: () => requests,
    call,
    expectStatus(res: Res, status: number, what: string): Json {
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
      return res.body;
    },
    totp: (secret: string) =>
      generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) }),
    remember(label: string, value: string): string {
      secrets.push({ label, value });
      return value;
    },
    /** A TOTP code is six digits: only a standalone occurrence counts (not part of a timestamp). */
    rememberCode(label: string, code: string): string {
      secrets.push({ label, value: new RegExp(`\\b${code}\\b`) });
      return code;
    },
    async lastMailLink(to: string, pathPart: string): Promise<string> {
      const mail = (await mailsTo(h.db, to)).at(-1);
      const link = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
      expect(link).toBeTruthy();
      return link!;
    },
    async close(): Promise<void> {
      await app.close();
      await h.close();
    },
  };
}

export type LoggedServer = Awaited<ReturnType<typeof startLoggedServer>>;
