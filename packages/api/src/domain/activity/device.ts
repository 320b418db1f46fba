import { isIP } from 'node:net';
import { UAParser } from 'ua-parser-js';

export type DeviceInfo = { device: string; browser: string; os: string };

const UNKNOWN_DEVICE: DeviceInfo = { device: 'Unknown device', browser: 'Unknown', os: 'Unknown' };

/**
 * Parsed user agents: parsing one costs about half a millisecond of regular expressions, and a
 * school's staff send a handful of distinct ones, again at every sign-in and session listing.
 * Bounded (the oldest goes first); long strings are parsed every time rather than kept.
 */
const parsedUserAgents = new Map<string, DeviceInfo>();
const MAX_PARSED_USER_AGENTS = 1000;
const MAX_KEPT_USER_AGENT_LENGTH = 512;

/** "Chrome on macOS" style texts from a user agent (ua-parser-js). */
export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent) return UNKNOWN_DEVICE;
  const known = parsedUserAgents.get(userAgent);
  if (known) return known;
  const info = parseUserAgent(userAgent);
  if (userAgent.length <= MAX_KEPT_USER_AGENT_LENGTH) {
    if (parsedUserAgents.size >= MAX_PARSED_USER_AGENTS) {
      const oldest = parsedUserAgents.keys().next().value;
      if (oldest !== undefined) parsedUserAgents.delete(oldest);
    }
    parsedUserAgents.set(userAgent, info);
  }
  return info;
}

function parseUserAgent(userAgent: string): DeviceInfo {
  const parsed = UAParser(userAgent);
  const browser = parsed.browser.name ?? 'Unknown browser';
  const os = parsed.os.name ?? 'Unknown OS';
  let device: string;
  if (parsed.browser.name && parsed.os.name) device = `${browser} on ${os}`;
  else if (parsed.browser.name) device = browser;
  else if (parsed.os.name) device = os;
  else device = 'Unknown device';
  if (parsed.device.type === 'mobile' && !/mobile|iphone|android/i.test(device)) {
    device = `${device} (mobile)`;
  }
  return Object.freeze({ device, browser, os });
}

function isPrivateIpv4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127) ||
    a === 0
  );
}

/** True for loopback, private, link-local and unique-local addresses. */
export function isLocalAddress(ip: string): boolean {
  const value = ip.trim().toLowerCase();
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4)
    return isPrivateIpv4(value.slice(7));
  const version = isIP(value);
  if (version === 4) return isPrivateIpv4(value);
  if (version === 6) {
    return (
      value === '::1' ||
      value === '::' ||
      value.startsWith('fe80:') ||
      value.startsWith('fc') ||
      value.startsWith('fd')
    );
  }
  return false;
}

/**
 * "Local network" for loopback and private addresses; otherwise a country only when a trusted
 * proxy supplied one (none is configured here), else "Unknown". No third-party look-ups.
 */
export function describeLocation(ip: string | null | undefined, country?: string | null): string {
  if (!ip) return 'Unknown';
  if (isLocalAddress(ip)) return 'Local network';
  return country?.trim() ? country.trim() : 'Unknown';
}
