// Its own module: pages that only save a file they made (recovery codes) need nothing else of
// ./download.

/** Saves `blob` as a file called `name`: a temporary link the browser follows. */
export function saveBlob(blob: Blob, name: string, revokeAfterMs = 1000): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}
