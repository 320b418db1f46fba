import { saveBlob } from '../../lib/save-blob';

/** The text of recovery-codes.txt: a header, then one code per line. */
export function recoveryCodesFileText(codes: string[], email: string, now = new Date()): string {
  const header = [
    'SCMP two-factor authentication recovery codes',
    `Account: ${email}`,
    `Generated: ${now.toISOString().slice(0, 10)}`,
    'Each code can be used once. Keep them somewhere safe.',
    '',
  ];
  return `${[...header, ...codes].join('\n')}\n`;
}

export function downloadTextFile(name: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}
