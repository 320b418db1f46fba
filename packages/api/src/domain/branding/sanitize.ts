import { requireCssTree } from '../../core/lazy-module';
import { BRANDING_LIMITS } from '../../contracts/branding';
import { AppError } from '../../core/errors';

/** Our own uploaded branding files; the only targets custom CSS may reference with url(). */
const OWN_UPLOAD_URL = /^\/files\/branding\/branding-[0-9a-f-]{36}\.(?:png|jpg|svg|ico)$/i;

function cssError(message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { errors: { custom_css: [message] } });
}

const BANNED_PROPERTIES = new Set(['behavior', '-moz-binding']);

/** Raw-text checks that apply to any part of the stylesheet (also unparsed values). */
function checkRawText(text: string): void {
  if (/<\/?\s*style/i.test(text) || text.includes('</')) {
    throw cssError(
      'Custom CSS must not contain "</" (such as </style>): it could close the style element.',
    );
  }
  if (text.includes('<!--') || text.includes('-->')) {
    throw cssError('Custom CSS must not contain HTML comment markers (<!-- or -->).');
  }
  if (/<\s*script/i.test(text)) {
    throw cssError('Custom CSS must not contain <script>.');
  }
  if (/expression\s*\(/i.test(text)) {
    throw cssError('Custom CSS must not use expression(): it can run script in old browsers.');
  }
  if (/javascript\s*:/i.test(text)) {
    throw cssError('Custom CSS must not contain javascript: URLs.');
  }
  if (/@import/i.test(text)) {
    throw cssError('Custom CSS must not use @import: it would load a stylesheet from elsewhere.');
  }
  if (/(?:^|[^a-z-])behavior\s*:/i.test(text) || /-moz-binding/i.test(text)) {
    throw cssError('Custom CSS must not use behavior or -moz-binding: they can run script.');
  }
}

/** Identifier without CSS escapes ("exp\72 ession" → "expression"). */
function decodeIdent(name: string): string {
  try {
    return requireCssTree().ident.decode(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

function checkUrl(value: string): void {
  const url = value.trim();
  if (!OWN_UPLOAD_URL.test(url)) {
    throw cssError(
      `Custom CSS may only use url() with your own uploaded branding files (/files/branding/…); "${url.slice(0, 80)}" is not allowed.`,
    );
  }
}

/**
 * Parses custom CSS with css-tree, refuses anything dangerous with a message naming the problem,
 * and returns the stylesheet rebuilt from the parse (never the raw text). Empty → null.
 */
export function sanitizeCustomCss(input: string | null): string | null {
  if (input === null || input.trim() === '') return null;
  if (Buffer.byteLength(input, 'utf8') > BRANDING_LIMITS.custom_css) {
    throw cssError('Custom CSS must be at most 50 KB');
  }
  checkRawText(input);
  const csstree = requireCssTree();
  const parseErrors: string[] = [];
  const ast = csstree.parse(input, {
    positions: true,
    parseValue: true,
    parseCustomProperty: true,
    onParseError(error) {
      parseErrors.push(error.message);
    },
  });
  if (parseErrors.length > 0) {
    throw cssError(`Custom CSS could not be parsed: ${parseErrors[0]}`);
  }
  csstree.walk(ast, (node) => {
    switch (node.type) {
      case 'Atrule': {
        const name = decodeIdent(node.name);
        if (name === 'import') {
          throw cssError(
            'Custom CSS must not use @import: it would load a stylesheet from elsewhere.',
          );
        }
        if (name === 'charset' || name === 'namespace') {
          throw cssError(`Custom CSS must not use @${name}.`);
        }
        break;
      }
      case 'Declaration': {
        const property = decodeIdent(node.property);
        if (BANNED_PROPERTIES.has(property)) {
          throw cssError(`Custom CSS must not use ${property}: it can run script.`);
        }
        break;
      }
      case 'Function': {
        // Vendor-prefixed spellings load images too (-webkit-image-set("…") in Chromium).
        const name = decodeIdent(node.name).replace(/^-(?:webkit|moz|ms|o)-/, '');
        if (name === 'expression') {
          throw cssError(
            'Custom CSS must not use expression(): it can run script in old browsers.',
          );
        }
        if (name === 'url' || name === 'src' || name === 'image' || name === 'image-set') {
          // url("…") written as a function (css-tree keeps url(string) as a Url node; this
          // catches src()/image() and unusual spellings).
          csstree.walk(node, (inner) => {
            if (inner.type === 'String') checkUrl(inner.value);
          });
        }
        break;
      }
      case 'Url':
        checkUrl(node.value);
        break;
      case 'Raw':
        checkRawText(node.value);
        if (/url\s*\(/i.test(node.value)) {
          throw cssError(
            'Custom CSS may only use url() with your own uploaded branding files (/files/branding/…).',
          );
        }
        break;
      default:
        break;
    }
  });
  const rebuilt = csstree.generate(ast);
  // The rebuilt text must pass the same raw checks (escapes decoded by the generator).
  checkRawText(rebuilt);
  return rebuilt === '' ? null : rebuilt;
}
