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

/** The heavy libraries loaded on first use (about 0.4 s of start-up together). */
export const loadPdfKit = lazyModule(async () => (await import('pdfkit')).default);
export const loadSharp = lazyModule(async () => (await import('sharp')).default);
export const loadQrCode = lazyModule(async () => (await import('qrcode')).default);
export const loadNodemailer = lazyModule(async () => (await import('nodemailer')).default);
export const loadFileType = lazyModule(() => import('file-type'));
