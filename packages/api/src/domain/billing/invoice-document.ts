import type { BillingDetails } from '@scmp/db';
import { formatGbp } from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { loadPdfKit } from '../../core/lazy-module';
import { findOwnedInvoice } from './queries';

type OwnedInvoice = Awaited<ReturnType<typeof findOwnedInvoice>>;

const SELLER = {
  name: 'SCMP Ltd',
  lines: [
    'School & Camp Management Platform',
    '1 Example Street',
    'London EC1A 1AA',
    'United Kingdom',
  ],
};

const money = (pence: number) => formatGbp(pence, { minimumFractionDigits: 2 });
const day = (value: Date | string | null) =>
  value ? new Date(value).toISOString().slice(0, 10) : '';

function addressLines(details: BillingDetails): string[] {
  const a = details.address;
  return [
    details.name,
    a.line1,
    a.line2 ?? '',
    `${a.city} ${a.postal_code}`,
    a.country,
    details.email,
  ].filter((l) => l.trim() !== '');
}

/** The invoice as a PDF (pdfkit): seller, organization, billing address, lines and totals. */
export async function renderInvoicePdf(data: OwnedInvoice, productName: string): Promise<Buffer> {
  const { invoice, lines } = data;
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: productName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(22).text('Invoice', { align: 'right' });
  doc.fontSize(10).text(`Invoice number: ${invoice.number}`, { align: 'right' });
  doc.text(`Date: ${day(invoice.created_at)}`, { align: 'right' });
  doc.text(`Status: ${invoice.status.toUpperCase()}`, { align: 'right' });
  doc.moveDown();
  doc.fontSize(12).text(SELLER.name, 50, 140);
  doc.fontSize(10);
  for (const l of SELLER.lines) doc.text(l);
  doc.moveDown();
  doc.fontSize(12).text('Bill to');
  doc.fontSize(10).text(invoice.organization_name);
  for (const l of addressLines(invoice.billing_details)) doc.text(l);
  doc.moveDown();
  if (invoice.period_start && invoice.period_end) {
    doc.text(`Service period: ${day(invoice.period_start)} to ${day(invoice.period_end)}`);
    doc.moveDown();
  }
  const top = doc.y + 10;
  doc
    .fontSize(10)
    .text('Description', 50, top)
    .text('Qty', 330, top)
    .text('Unit', 380, top)
    .text('Amount', 470, top);
  doc
    .moveTo(50, top + 15)
    .lineTo(545, top + 15)
    .stroke();
  let y = top + 25;
  for (const line of lines) {
    doc.text(line.description, 50, y, { width: 270 });
    const h = Math.max(15, doc.heightOfString(line.description, { width: 270 }));
    doc
      .text(String(line.quantity), 330, y)
      .text(money(line.unit_amount_pence), 380, y)
      .text(money(line.amount_pence), 470, y);
    y += h + 8;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  y += 10;
  doc.text('Subtotal', 380, y).text(money(invoice.total_pence), 470, y);
  y += 15;
  doc.text('VAT (0%)', 380, y).text(money(0), 470, y);
  y += 15;
  doc
    .fontSize(12)
    .text(`Total (${invoice.currency})`, 380, y)
    .text(money(invoice.total_pence), 470, y);
  doc.fontSize(9).text(`${productName} — thank you for your business.`, 50, 760, {
    align: 'center',
    width: 495,
  });
  doc.end();
  return done;
}

const esc = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The same invoice as a self-contained HTML page. */
export function renderInvoiceHtml(data: OwnedInvoice, productName: string): string {
  const { invoice, lines } = data;
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}</td><td>${l.quantity}</td><td>${money(l.unit_amount_pence)}</td><td>${money(l.amount_pence)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${esc(invoice.number)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:40px auto;color:#111}table{width:100%;border-collapse:collapse}td,th{padding:6px;border-bottom:1px solid #ddd;text-align:left}</style></head>
<body><h1>Invoice ${esc(invoice.number)}</h1>
<p>Date: ${day(invoice.created_at)} · Status: ${esc(invoice.status)}</p>
<h2>From</h2><p>${[SELLER.name, ...SELLER.lines].map(esc).join('<br>')}</p>
<h2>Bill to</h2><p>${[invoice.organization_name, ...addressLines(invoice.billing_details)].map(esc).join('<br>')}</p>
<table><thead><tr><th>Description</th><th>Qty</th><th>Unit</th><th>Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><th colspan="3">Total (${esc(invoice.currency)})</th><th>${money(invoice.total_pence)}</th></tr></tfoot></table>
<p>${esc(productName)}</p></body></html>`;
}

export async function invoiceForOwner(deps: AppDeps, ownerId: number, invoiceUuid: string) {
  return findOwnedInvoice(deps, ownerId, invoiceUuid);
}
