import { Paper } from '@mantine/core';
import { DEFAULT_BRANDING } from '@scmp/api/contracts/branding-defaults';
import { useMemo } from 'react';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Live preview of an e-mail with the header and footer as typed. It renders in a sandboxed iframe
 * (no scripts, no same-origin access); the server sanitises the HTML again when it is saved.
 */
export function EmailPreview({
  header,
  footer,
  companyName,
  primaryColor,
}: {
  header: string;
  footer: string;
  companyName: string;
  primaryColor: string;
}) {
  const company = companyName.trim() || DEFAULT_BRANDING.company_name;
  const doc = useMemo(() => {
    const headerHtml =
      header.trim() ||
      `<div style="background:#0B173D;color:#fff;padding:16px 24px;font-weight:700;font-size:18px">${escapeHtml(company)}</div>`;
    const footerHtml =
      footer.trim() ||
      `<div style="padding:16px 24px;font-size:12px;color:#777">${escapeHtml(company)}</div>`;
    return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'"></head><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937"><div style="max-width:600px;margin:0 auto;background:#fff">${headerHtml}<div style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">A message from ${escapeHtml(company)}</h1><p style="line-height:1.5">This is how e-mails sent on your behalf will look.</p><p><span style="display:inline-block;background:${escapeHtml(primaryColor)};color:#fff;padding:10px 18px;border-radius:6px;font-weight:600">Open the portal</span></p></div>${footerHtml}</div></body></html>`;
  }, [header, footer, company, primaryColor]);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <iframe
        title="E-mail preview"
        sandbox=""
        srcDoc={doc}
        style={{ width: '100%', height: 320, border: 0, display: 'block' }}
      />
    </Paper>
  );
}
