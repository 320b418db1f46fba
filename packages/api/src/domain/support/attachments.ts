import { randomUUID } from 'node:crypto';
import {
  MAX_TICKET_ATTACHMENT_BYTES,
  MAX_TICKET_ATTACHMENTS,
  SUPPORT_TEXTS,
} from '../../contracts/support';
import { AppError } from '../../core/errors';
import { cleanFileName } from '../../core/file-names';
import { loadFileType } from '../../core/lazy-module';

/** One uploaded file, fully read into memory (at most 10 MB). */
export type UploadedFile = { filename: string; bytes: Buffer };

/** A file that passed the checks: its type decided from the bytes, never from the client. */
export type CheckedFile = { name: string; bytes: Buffer; contentType: string; ext: string };

/** Types recognised by their magic bytes (zip-based Office formats are recognised by their inner parts). */
const SNIFFED: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** Legacy Office files are OLE compound files; the extension tells which one. */
const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

/** Text formats have no magic bytes: accepted when valid UTF-8 without NULs and named .txt/.csv. */
const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** A display/download name without path parts, control or invisible format characters. */
export function safeFileName(name: string): string {
  return cleanFileName(name);
}

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function tooManyFilesError(): AppError {
  return new AppError('VALIDATION_ERROR', SUPPORT_TEXTS.tooManyFiles, {
    errors: { attachments: [SUPPORT_TEXTS.tooManyFiles] },
  });
}

export function fileTooLargeError(name?: string): AppError {
  const message = name
    ? `"${safeFileName(name)}" is larger than 10MB. ${SUPPORT_TEXTS.fileTooLarge}`
    : SUPPORT_TEXTS.fileTooLarge;
  return new AppError('PAYLOAD_TOO_LARGE', message, { errors: { attachments: [message] } });
}

/** Checks count, size and type of the uploaded files; throws 413/422 with a clear message. */
export async function checkAttachments(files: UploadedFile[]): Promise<CheckedFile[]> {
  if (files.length > MAX_TICKET_ATTACHMENTS) throw tooManyFilesError();
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const name = safeFileName(file.filename);
    if (file.bytes.length > MAX_TICKET_ATTACHMENT_BYTES) throw fileTooLargeError(name);
    const ext = extensionOf(name);
    const sniffed =
      file.bytes.length > 0
        ? await (await loadFileType()).fileTypeFromBuffer(file.bytes)
        : undefined;
    let contentType: string | undefined;
    let finalExt = ext;
    if (sniffed && SNIFFED[sniffed.ext]) {
      contentType = SNIFFED[sniffed.ext];
      finalExt = sniffed.ext;
    } else if (sniffed?.ext === 'cfb' && LEGACY_OFFICE[ext]) {
      contentType = LEGACY_OFFICE[ext];
    } else if (!sniffed && TEXT_TYPES[ext] && file.bytes.length > 0 && isUtf8Text(file.bytes)) {
      contentType = TEXT_TYPES[ext];
    }
    if (!contentType) {
      const message = `"${name}": ${SUPPORT_TEXTS.fileTypeNotAllowed}`;
      throw new AppError('VALIDATION_ERROR', message, { errors: { attachments: [message] } });
    }
    checked.push({ name, bytes: file.bytes, contentType, ext: finalExt });
  }
  return checked;
}

/** Storage key of a new attachment (random; the original name is kept only in the database). */
export function attachmentStorageKey(ticketUuid: string, ext: string): string {
  return `support/${ticketUuid}/${randomUUID()}${ext ? `.${ext}` : ''}`;
}
