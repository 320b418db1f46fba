/** A simple branded e-mail: HTML and plain-text parts from the same content. */
export type EmailContent = {
  /** First line, e.g. "Verify your email address". */
  title: string;
  /** Plain-text paragraphs (escaped in HTML). */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action. */
  footnote?: string;
  /** Sanitised HTML header/footer from an organization's branding, when sent on its behalf. */
  brandHeaderHtml?: string | null;
  brandFooterHtml?: string | null;
};

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function renderEmail(
  content: EmailContent,
  productName = 'SCMP',
): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#D1A103;color:#0B173D;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(content.footnote)}</p>`
    : '';
  const header =
    content.brandHeaderHtml ??
    `<div style="background:#0B173D;color:#fff;padding:16px 24px;font-weight:700;font-size:18px">${escapeHtml(productName)}</div>`;
  const footer =
    content.brandFooterHtml ??
    `<div style="padding:16px 24px;font-size:12px;color:#777">${escapeHtml(productName)} — School &amp; Camp Management Platform</div>`;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;background:#fff">${header}
<div style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>${paragraphs}${action}${footnote}</div>
${footer}</div></body></html>`;
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `— ${productName}`,
  ].join('\n');
  return { html, text };
}
