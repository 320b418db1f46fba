import { randomUUID } from 'node:crypto';
import type createDOMPurifyType from 'dompurify';
import type { JSDOM } from 'jsdom';
import {
  BRANDING_TEXTS,
  FAVICON_MAX_BYTES,
  FAVICON_MAX_DIMENSION,
  LOGO_MAX_BYTES,
  LOGO_MAX_DIMENSION,
} from '../../contracts/branding';
import { AppError, type AppErrorCode } from '../../core/errors';
import { lazyRequire, loadFileType, loadSharp } from '../../core/lazy-module';

export type BrandingFileKind = 'logo' | 'favicon';

/** Extension → Content-Type of the files we store (the extension comes from the sniffed type). */
export const BRANDING_FILE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/** Generated names: branding-<uuid>.<ext>; the name is also the storage key. */
export const BRANDING_FILE_NAME =
  /^branding-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|svg|ico)$/;

export const BRANDING_UPLOAD_RULES: Record<
  BrandingFileKind,
  {
    maxBytes: number;
    /** Largest width and height in pixels of a raster image (PNG, JPG, ICO). */
    maxDimension: number;
    types: string[];
    tooLarge: string;
    tooManyPixels: string;
    wrongType: string;
    missing: string;
  }
> = {
  logo: {
    maxBytes: LOGO_MAX_BYTES,
    maxDimension: LOGO_MAX_DIMENSION,
    tooManyPixels: BRANDING_TEXTS.logoTooManyPixels,
    types: ['png', 'jpg', 'svg'],
    tooLarge: BRANDING_TEXTS.logoTooLarge,
    wrongType: BRANDING_TEXTS.logoWrongType,
    missing: BRANDING_TEXTS.logoMissing,
  },
  favicon: {
    maxBytes: FAVICON_MAX_BYTES,
    maxDimension: FAVICON_MAX_DIMENSION,
    tooManyPixels: BRANDING_TEXTS.faviconTooManyPixels,
    types: ['ico', 'png'],
    tooLarge: BRANDING_TEXTS.faviconTooLarge,
    wrongType: BRANDING_TEXTS.faviconWrongType,
    missing: BRANDING_TEXTS.faviconMissing,
  },
};

/** A refusal of the upload, reported on the form field named as the file's kind. */
function fileError(kind: BrandingFileKind, code: AppErrorCode, message: string): AppError {
  return new AppError(code, message, { errors: { [kind]: [message] } });
}

export function tooLargeError(kind: BrandingFileKind): AppError {
  return fileError(kind, 'PAYLOAD_TOO_LARGE', BRANDING_UPLOAD_RULES[kind].tooLarge);
}

export function tooManyPixelsError(kind: BrandingFileKind): AppError {
  return fileError(kind, 'VALIDATION_ERROR', BRANDING_UPLOAD_RULES[kind].tooManyPixels);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk (read from the header, nothing is decoded). */
function pngDimensions(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Every image size an ICO holds: each directory entry's own (0 means 256), and for entries
 * that embed a PNG, that PNG's header, which is what a browser decodes.
 */
function icoDimensions(bytes: Buffer): Array<{ width: number; height: number }> | null {
  if (bytes.length < 6) return null;
  const count = bytes.readUInt16LE(4);
  const sizes: Array<{ width: number; height: number }> = [];
  for (let i = 0; i < count; i += 1) {
    const entry = 6 + i * 16;
    if (entry + 16 > bytes.length) return null;
    sizes.push({ width: bytes[entry]! || 256, height: bytes[entry + 1]! || 256 });
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (offset >= bytes.length) return null;
    const embedded = pngDimensions(bytes.subarray(offset, offset + Math.min(size, 64)));
    if (embedded) sizes.push(embedded);
  }
  return sizes;
}

/**
 * The pixel sizes of a raster image, read from its header (sharp's metadata for PNG and JPEG, the
 * directory for ICO); null when the header cannot be read.
 */
async function rasterDimensions(
  bytes: Buffer,
  ext: string,
): Promise<Array<{ width: number; height: number }> | null> {
  if (ext === 'ico') return icoDimensions(bytes);
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    return [{ width: meta.width, height: meta.height }];
  } catch {
    return null;
  }
}

/**
 * Refuses (422) a raster logo or favicon wider or taller than its limit: a small file can claim a
 * huge canvas (a 20000×20000 PNG of a few hundred KB) that every visitor's browser would decode.
 */
export async function checkImageDimensions(
  kind: BrandingFileKind,
  bytes: Buffer,
  ext: string,
): Promise<void> {
  const max = BRANDING_UPLOAD_RULES[kind].maxDimension;
  const sizes = await rasterDimensions(bytes, ext);
  if (!sizes) throw wrongTypeError(kind);
  if (sizes.some((s) => s.width > max || s.height > max)) throw tooManyPixelsError(kind);
}

export function wrongTypeError(kind: BrandingFileKind): AppError {
  return fileError(kind, 'UNSUPPORTED_MEDIA_TYPE', BRANDING_UPLOAD_RULES[kind].wrongType);
}

export function missingFileError(kind: BrandingFileKind): AppError {
  return fileError(kind, 'VALIDATION_ERROR', BRANDING_UPLOAD_RULES[kind].missing);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

// jsdom and DOMPurify are loaded on the first SVG, not at start-up (jsdom alone costs about a
// second of CPU to load, and most processes never see an SVG upload).
const requireJsdom = lazyRequire<{ JSDOM: typeof JSDOM }>('jsdom');
const requireDomPurify = lazyRequire<typeof createDOMPurifyType>('dompurify');
let purifyWindow: JSDOM['window'] | null = null;
function jsdomWindow(): JSDOM['window'] {
  if (!purifyWindow) {
    const { JSDOM: Dom } = requireJsdom();
    purifyWindow = new Dom('').window;
  }
  return purifyWindow;
}

function createDOMPurify(window: JSDOM['window']) {
  const factory = requireDomPurify();
  return factory(window as unknown as Parameters<typeof factory>[0]);
}

/** Parses bytes as XML; the document element must be <svg> in the SVG namespace. */
function parseSvg(bytes: Buffer): Document | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (text.includes('\u0000')) return null;
  const window = jsdomWindow();
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0) return null;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  return doc;
}

const LOCAL_REF = /^#[A-Za-z_][\w.-]*$/;
const EXTERNAL_IN_CSS = /@import|url\s*\(\s*(?!['"]?#)|expression\s*\(|javascript:/i;

/**
 * Sanitises an SVG with DOMPurify (SVG profile) on a jsdom window: no script, event handlers,
 * foreignObject, external references (href/xlink:href/src other than #fragment, url() to anything
 * but #fragment in styles) or javascript: URLs. Returns well-formed SVG bytes, or null when
 * nothing usable is left.
 */
export function sanitizeSvg(bytes: Buffer): Buffer | null {
  const doc = parseSvg(bytes);
  if (!doc) return null;
  const window = jsdomWindow();
  const source = new window.XMLSerializer().serializeToString(doc.documentElement);
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (typeof el.getAttribute !== 'function') return;
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim();
      if (name === 'href' || name === 'xlink:href' || name === 'src' || name.endsWith(':href')) {
        if (!LOCAL_REF.test(value)) el.removeAttribute(attr.name);
      } else if (name.startsWith('on')) {
        el.removeAttribute(attr.name);
      } else if (EXTERNAL_IN_CSS.test(value)) {
        el.removeAttribute(attr.name);
      }
    }
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && EXTERNAL_IN_CSS.test(node.textContent ?? '')) {
      node.textContent = '';
    }
  });
  const fragment = purify.sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'foreignobject', 'script', 'iframe', 'embed', 'object'],
    FORBID_ATTR: ['onload', 'onerror', 'onclick', 'onmouseover', 'onbegin', 'onend'],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = Array.from(fragment.childNodes).find(
    (n): n is Element => (n as Element).localName === 'svg',
  );
  if (!svg) return null;
  if (!svg.getAttribute('xmlns')) svg.setAttribute('xmlns', SVG_NS);
  const out = new window.XMLSerializer().serializeToString(svg);
  // Must still be a well-formed SVG document.
  if (!parseSvg(Buffer.from(out, 'utf8'))) return null;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${out}\n`, 'utf8');
}

/**
 * Decides the type from the bytes (never the name or Content-Type) and returns the bytes to store
 * with their extension; throws 413/415 with a message naming the limit or the allowed types.
 */
export async function checkBrandingUpload(
  kind: BrandingFileKind,
  bytes: Buffer,
): Promise<{ bytes: Buffer; ext: string; contentType: string }> {
  const rules = BRANDING_UPLOAD_RULES[kind];
  if (bytes.length > rules.maxBytes) throw tooLargeError(kind);
  if (bytes.length === 0) throw wrongTypeError(kind);
  const sniffed = await (await loadFileType()).fileTypeFromBuffer(bytes);
  if (sniffed && sniffed.ext !== 'xml' && sniffed.ext !== 'svg') {
    const ext = sniffed.ext === 'jpg' ? 'jpg' : sniffed.ext;
    if (!rules.types.includes(ext)) throw wrongTypeError(kind);
    await checkImageDimensions(kind, bytes, ext);
    return { bytes, ext, contentType: BRANDING_FILE_TYPES[ext]! };
  }
  if (rules.types.includes('svg')) {
    const clean = sanitizeSvg(bytes);
    if (clean) {
      if (clean.length > rules.maxBytes) throw tooLargeError(kind);
      return { bytes: clean, ext: 'svg', contentType: BRANDING_FILE_TYPES.svg! };
    }
  }
  throw wrongTypeError(kind);
}

export function newBrandingFileName(ext: string): string {
  return `branding-${randomUUID()}.${ext}`;
}
