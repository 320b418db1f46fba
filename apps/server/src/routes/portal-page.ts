import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { publicBranding } from '@scmp/api';
import {
  CLOSURE_TEXTS,
  contrastRatio,
  DEFAULT_BRANDING,
  FOOTER_DEFAULTS,
  FRONT_PAGE_TEXTS,
  HEX_COLOR,
  textOn,
} from '@scmp/api/contracts';
import { encodingFor, matches } from './public-branding';
import { escapeHtml } from './escape-html';

type PortalPage = publicBranding.PortalPage;

/** Which page of a portal: its front page, or one of its status pages. */
export type PortalPageKind = 'front' | 'unavailable' | 'not-ready' | 'not-found' | 'closed';

const STATUS: Record<PortalPageKind, number> = {
  front: 200,
  unavailable: 503,
  'not-ready': 503,
  'not-found': 404,
  closed: 503,
};

function color(value: string, fallback: string): string {
  return HEX_COLOR.test(value) ? value : fallback;
}

/** `preferred` when it reads on `background` (4.5:1), else black or white. */
function readableOn(background: string, preferred: string): string {
  return HEX_COLOR.test(preferred) && (contrastRatio(background, preferred) ?? 0) >= 4.5
    ? preferred
    : textOn(background);
}

/** Blank lines separate paragraphs; single line breaks stay. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return digits.replace(/\+/g, '').length >= 3 ? `tel:${digits}` : '';
}

/** A favicon of the school's initial on its colour, for schools that uploaded none. */
function initialFavicon(name: string, background: string): string {
  const initial = escapeHtml((name.trim()[0] ?? '?').toUpperCase());
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${background}"/><text x="16" y="22" font-family="system-ui,sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="${textOn(background)}">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function stylesheet(page: PortalPage): string {
  const b = page.branding;
  const primary = color(b.primary_color, DEFAULT_BRANDING.primary_color);
  const secondary = color(b.secondary_color, DEFAULT_BRANDING.secondary_color);
  const header = color(b.nav_background_color, secondary);
  const headerText = readableOn(header, b.nav_text_color);
  const css = [
    '*,*::before,*::after{box-sizing:border-box}',
    'html{-webkit-text-size-adjust:100%}',
    'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;color:#1f2937;background:#f8fafc;display:flex;flex-direction:column;min-height:100vh}',
    '.wrap{width:100%;max-width:64rem;margin:0 auto;padding:0 1.25rem}',
    '.skip{position:absolute;left:-9999px;top:0;background:#fff;color:#000;padding:.5rem 1rem;z-index:10}',
    '.skip:focus{left:1rem;top:.5rem}',
    `.top{background:${header};color:${headerText}}`,
    '.top .wrap{display:flex;align-items:center;gap:.75rem;min-height:4.5rem;padding-top:.75rem;padding-bottom:.75rem}',
    '.brand{display:flex;align-items:center;gap:.75rem;min-width:0;color:inherit;text-decoration:none}',
    '.brand img{display:block;max-height:3rem;max-width:9rem;width:auto;height:auto}',
    '@media (max-width:30rem){.brand img{max-height:2.5rem;max-width:6rem}}',
    '.brand-name{font-weight:700;font-size:1.25rem;line-height:1.2;overflow-wrap:anywhere}',
    '.tagline{display:block;font-size:.875rem;font-weight:400}',
    `.hero{background:${primary};color:${textOn(primary)};padding:3rem 0 2.5rem}`,
    '.hero h1{margin:0 0 1rem;font-size:clamp(1.75rem,6vw,2.75rem);line-height:1.15;overflow-wrap:anywhere}',
    '.hero p{margin:0 0 .75rem;font-size:1.125rem;max-width:42rem;overflow-wrap:anywhere}',
    'main{flex:1 0 auto}',
    '.content{display:grid;gap:2rem;align-items:start;padding-top:2rem;padding-bottom:3rem}',
    '@media (min-width:48rem){.content.two{grid-template-columns:minmax(0,2fr) minmax(0,1fr)}}',
    'h2{font-size:1.25rem;line-height:1.3;margin:0 0 1rem;color:#111827}',
    '.links{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}',
    '@media (min-width:36rem){.links{grid-template-columns:repeat(2,minmax(0,1fr))}}',
    `.button{display:flex;align-items:center;justify-content:center;min-height:3rem;padding:.75rem 1rem;border-radius:.5rem;background:${secondary};color:${textOn(secondary)};font-weight:600;text-decoration:none;text-align:center;overflow-wrap:anywhere}`,
    '.button:hover{text-decoration:underline}',
    'a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
    '.card{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:1.25rem}',
    'address{font-style:normal}',
    '.contact p{margin:0 0 .75rem;overflow-wrap:anywhere}',
    '.contact .label{display:block;font-size:.875rem;font-weight:600;color:#4b5563}',
    '.content a:not(.button){color:#1d4ed8}',
    `footer{background:${FOOTER_DEFAULTS.background};color:${FOOTER_DEFAULTS.text};padding:1.5rem 0;font-size:.9375rem}`,
    'footer p{margin:0;overflow-wrap:anywhere}',
    'footer .powered{margin-top:.5rem;font-size:.75rem}',
  ].join('');
  // The school's own stylesheet comes last (checked and rebuilt when saved: nothing in it can
  // close this element or reach another origin). A '<' has no place in CSS outside a string, where
  // its escape means the same: so even a value written behind the API's back stays inside.
  return b.custom_css ? `${css}\n${b.custom_css.replace(/</g, '\\3C ')}` : css;
}

function contactBlock(page: PortalPage): string {
  const f = page.front_page;
  const items: string[] = [];
  if (f.contact_email) {
    items.push(
      `<p><span class="label">E-mail</span><a href="mailto:${escapeHtml(f.contact_email)}">${escapeHtml(f.contact_email)}</a></p>`,
    );
  }
  if (f.contact_phone) {
    const tel = telHref(f.contact_phone);
    const phone = escapeHtml(f.contact_phone);
    items.push(
      `<p><span class="label">Phone</span>${tel ? `<a href="${escapeHtml(tel)}">${phone}</a>` : phone}</p>`,
    );
  }
  if (f.contact_address) {
    items.push(
      `<p><span class="label">Address</span>${escapeHtml(f.contact_address).replace(/\r?\n/g, '<br>')}</p>`,
    );
  }
  if (items.length === 0) return '';
  return `<section class="card contact" aria-labelledby="contact-heading"><h2 id="contact-heading">${FRONT_PAGE_TEXTS.contactHeading}</h2><address>${items.join('')}</address></section>`;
}

function linksBlock(page: PortalPage): string {
  const links = page.front_page.links;
  if (links.length === 0) return '';
  const items = links
    .map((l) => `<li><a class="button" href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`)
    .join('');
  return `<nav class="card" aria-labelledby="links-heading"><h2 id="links-heading">${FRONT_PAGE_TEXTS.linksHeading}</h2><ul class="links">${items}</ul></nav>`;
}

function footerText(page: PortalPage, year: number): string {
  const text = page.branding.footer_text;
  return text && text !== DEFAULT_BRANDING.footer_text ? text : `© ${year} ${page.name}`;
}

/** The page's HTML and the hash of its one style element (for the page's own CSP). */
export function renderPortalPage(
  page: PortalPage,
  kind: PortalPageKind,
  year: number,
): { html: string; styleHash: string } {
  const b = page.branding;
  const f = page.front_page;
  const name = escapeHtml(page.name);
  const css = stylesheet(page);
  const styleHash = createHash('sha256').update(css).digest('base64');
  const primary = color(b.primary_color, DEFAULT_BRANDING.primary_color);
  const favicon = b.favicon_url || initialFavicon(page.name, primary);
  const tagline =
    b.tagline && b.tagline !== DEFAULT_BRANDING.tagline
      ? `<span class="tagline">${escapeHtml(b.tagline)}</span>`
      : '';
  const logo = b.logo_url ? `<img src="${escapeHtml(b.logo_url)}" alt="">` : '';

  let title: string;
  let hero: string;
  let content: string;
  if (kind === 'front') {
    title = f.page_title;
    hero = `<h1>${escapeHtml(f.headline)}</h1>${paragraphs(f.welcome_text)}`;
    const blocks = [linksBlock(page), contactBlock(page)].filter(Boolean);
    content = blocks.length
      ? `<div class="wrap content${blocks.length === 2 ? ' two' : ''}">${blocks.join('')}</div>`
      : '';
  } else {
    const [heading, text] =
      kind === 'closed'
        ? [CLOSURE_TEXTS.siteClosedTitle, CLOSURE_TEXTS.siteClosedText]
        : kind === 'unavailable'
          ? [FRONT_PAGE_TEXTS.unavailableTitle, FRONT_PAGE_TEXTS.unavailableText]
          : kind === 'not-ready'
            ? [FRONT_PAGE_TEXTS.notReadyTitle, FRONT_PAGE_TEXTS.notReadyText]
            : [FRONT_PAGE_TEXTS.pageNotFoundTitle, FRONT_PAGE_TEXTS.pageNotFoundText];
    title = `${heading} - ${f.page_title}`;
    const back =
      kind === 'not-found'
        ? `<p><a class="button" href="/">${FRONT_PAGE_TEXTS.backHome}</a></p>`
        : '';
    hero = `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`;
    const contact = contactBlock(page);
    content = back || contact ? `<div class="wrap content">${back}${contact}</div>` : '';
  }

  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    (kind === 'front'
      ? `<meta name="description" content="${escapeHtml(f.welcome_text.slice(0, 200))}">`
      : '') +
    `<meta name="theme-color" content="${primary}">` +
    `<meta name="scmp-instance" content="${escapeHtml(page.instance.uuid)}">` +
    `<link rel="icon" href="${escapeHtml(favicon)}">` +
    `<style>${css}</style></head><body>` +
    '<a class="skip" href="#main">Skip to content</a>' +
    `<header class="top"><div class="wrap"><a class="brand" href="/">${logo}<span class="brand-name">${name}${tagline}</span></a></div></header>` +
    `<main id="main"><section class="hero" aria-labelledby="page-heading"><div class="wrap">${hero.replace('<h1>', '<h1 id="page-heading">')}</div></section>${content}</main>` +
    `<footer><div class="wrap"><p>${escapeHtml(footerText(page, year))}</p><p class="powered">${FRONT_PAGE_TEXTS.poweredBy}</p></div></footer>` +
    '</body></html>';
  return { html, styleHash };
}

/** The page's own policy: nothing but its one style element and same-origin or inline images. */
export function portalCsp(styleHash: string): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

type Rendered = {
  status: number;
  html: string;
  bytes: Buffer;
  etag: string;
  csp: string;
  br?: Buffer;
  gzip?: Buffer;
};

/** Per cached page data, its rendered pages: a cache hit renders nothing. */
const rendered = new WeakMap<PortalPage, Partial<Record<PortalPageKind, Rendered>>>();

export function renderedPortalPage(page: PortalPage, kind: PortalPageKind, year: number): Rendered {
  let pages = rendered.get(page);
  if (!pages) rendered.set(page, (pages = {}));
  let entry = pages[kind];
  if (!entry) {
    const { html, styleHash } = renderPortalPage(page, kind, year);
    const bytes = Buffer.from(html);
    entry = {
      status: STATUS[kind],
      html,
      bytes,
      etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
      csp: portalCsp(styleHash),
    };
    pages[kind] = entry;
  }
  return entry;
}

/** The answer's status, headers (beside the security ones) and body for one request. */
export function portalAnswer(
  entry: Rendered,
  ifNoneMatch: string | string[] | undefined,
  acceptEncoding: string | string[] | undefined,
): { status: number; headers: Record<string, string>; payload?: Buffer } {
  const headers: Record<string, string> = {
    'content-security-policy': entry.csp,
    'cache-control': entry.status === 200 ? 'no-cache' : 'no-store',
    vary: 'accept-encoding',
  };
  if (entry.status === 200) {
    headers.etag = entry.etag;
    if (matches(ifNoneMatch, entry.etag)) return { status: 304, headers };
  }
  headers['content-type'] = 'text/html; charset=utf-8';
  if (entry.status === 503) headers['retry-after'] = '300';
  const encoding = encodingFor(acceptEncoding);
  let payload = entry.bytes;
  if (encoding === 'br') {
    payload = entry.br ??= brotliCompressSync(entry.html, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 },
    });
    headers['content-encoding'] = 'br';
  } else if (encoding === 'gzip') {
    payload = entry.gzip ??= gzipSync(entry.html, { level: 9 });
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(payload.length);
  return { status: entry.status, headers, payload };
}
