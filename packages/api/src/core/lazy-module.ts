import { createRequire } from 'node:module';
import type StripeType from 'stripe';
import type * as cssTreeType from 'css-tree';
import type sanitizeHtmlType from 'sanitize-html';

/**
 * Loads a module on first use instead of at start-up: for heavy libraries only some requests need
 * (PDF invoices, image resizing, QR codes, SMTP), so the server is listening sooner. A failed load
 * is tried again next time.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

const requireFromHere = createRequire(import.meta.url);

/** The same for code that must stay synchronous: the package's CommonJS build, required on first call. */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(id) as T);
}

/** The heavy libraries loaded on first use (about 0.7 s of start-up together). */
export const loadPdfKit = lazyModule(async () => (await import('pdfkit')).default);
export const loadSharp = lazyModule(async () => (await import('sharp')).default);
export const loadQrCode = lazyModule(async () => (await import('qrcode')).default);
export const loadNodemailer = lazyModule(async () => (await import('nodemailer')).default);
export const loadFileType = lazyModule(() => import('file-type'));
/** Only when STRIPE_SECRET_KEY is set. */
export const requireStripe = lazyRequire<typeof StripeType>('stripe');
/** On saving custom CSS / e-mail templates and on sending a branded e-mail. */
export const requireCssTree = lazyRequire<typeof cssTreeType>('css-tree');
export const requireSanitizeHtml = lazyRequire<typeof sanitizeHtmlType>('sanitize-html');
