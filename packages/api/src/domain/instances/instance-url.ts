import type { AppConfig } from '../../core/config';

/**
 * The public URL of an instance host. Scheme and port follow APP_URL, so locally an instance is
 * `http://{host}:{PORT}` on this same server (browsers resolve *.localhost to loopback).
 */
export function instanceUrlOf(config: Pick<AppConfig, 'appUrl'>, host: string): string {
  let protocol = 'https:';
  let port = '';
  try {
    const app = new URL(config.appUrl);
    protocol = app.protocol;
    port = app.port;
  } catch {
    /* keep https without a port */
  }
  return `${protocol}//${host}${port ? `:${port}` : ''}`;
}
