import type sanitizeHtml from 'sanitize-html';
import { requireSanitizeHtml } from './lazy-module';

/** Allow-list for the e-mail template header and footer. */
const emailHtmlOptions = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: [
    'a',
    'b',
    'br',
    'center',
    'div',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    'small',
    'span',
    'strong',
    'table',
    'tbody',
    'td',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  allowedAttributes: {
    '*': ['style', 'align'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'role'],
    td: ['width', 'colspan', 'rowspan', 'valign'],
    th: ['width', 'colspan', 'rowspan', 'valign'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^[a-z]+$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,6}$/i, /^[a-z]+$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(?:left|right|center|justify)$/],
      'font-size': [/^\d+(?:\.\d+)?(?:px|em|rem|%)$/],
      'font-weight': [/^(?:normal|bold|\d{3})$/],
      'font-family': [/^[\w\s,'"-]+$/],
      'line-height': [/^[\d.]+(?:px|em|%)?$/],
      padding: [/^[\d\s.]+(?:px|em|%)?[\d\s.pxem%]*$/],
      margin: [/^[\d\s.auto]+(?:px|em|%)?[\d\s.pxem%auto]*$/],
      border: [/^[\w\s#.-]+$/],
      'border-radius': [/^[\d.]+(?:px|em|%)$/],
      width: [/^\d+(?:px|%)$/],
      'max-width': [/^\d+(?:px|%)$/],
    },
  },
  transformTags: {
    a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
});
let emailOptions: sanitizeHtml.IOptions | undefined;

/** Sanitises e-mail header/footer HTML with an allow-list. Empty → null. */
export function sanitizeEmailHtml(input: string | null): string | null {
  if (input === null || input.trim() === '') return null;
  const sanitize = requireSanitizeHtml();
  emailOptions ??= emailHtmlOptions(sanitize);
  const clean = sanitize(input, emailOptions).trim();
  return clean === '' ? null : clean;
}
