import http from 'node:http';
import https from 'node:https';

export type ProbeResult = { status: number | null; body: string; error?: string };

function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/**
 * GETs a URL over real HTTP(S). `*.localhost` names are connected to 127.0.0.1 directly with the
 * Host header kept (browsers do this; Node's resolver may not), so locally an instance's health
 * check reaches this same server's host routing.
 */
export function probeUrl(url: string, timeoutMs = 5000): Promise<ProbeResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, body: '', error: 'invalid URL' });
      return;
    }
    const secure = target.protocol === 'https:';
    const port = target.port ? Number(target.port) : secure ? 443 : 80;
    const hostHeader = target.port ? `${target.hostname}:${target.port}` : target.hostname;
    const loopback = isLoopbackName(target.hostname);
    const request = (secure ? https : http).request(
      {
        host: loopback ? '127.0.0.1' : target.hostname,
        port,
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers: {
          host: hostHeader,
          accept: 'application/json',
          'user-agent': 'scmp-health-check',
        },
        ...(secure ? { servername: target.hostname } : {}),
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= 64 * 1024) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => resolve({ status: null, body: '', error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ status: null, body: '', error: error.message }));
    request.end();
  });
}
