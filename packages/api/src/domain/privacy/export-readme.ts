/**
 * README.txt of an export (personal or organization): what it is, when it was made, one
 * paragraph per JSON file, and a closing note on the files and the secrets never exported.
 */
export function exportReadme(parts: {
  title: string;
  generatedAt: Date;
  holds: string;
  files: Record<string, string>;
  closing: string[];
}): string {
  return [
    parts.title,
    `Generated ${parts.generatedAt.toISOString()}`,
    '',
    `This archive holds ${parts.holds}, as JSON files (UTF-8, dates in ISO 8601):`,
    '',
    ...Object.entries(parts.files).map(([file, text]) => `${file}\n  ${text}`),
    '',
    ...parts.closing,
    '',
  ].join('\n');
}
