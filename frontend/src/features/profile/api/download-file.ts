/**
 * Spec, Profile: "A Download button opens or downloads it". A picture opens in a new tab (a browser
 * shows an image); a resume is fetched first and then saved under its name, so a refusal or a lost
 * connection is told ("Failed to download resume") instead of leaving the person with a broken tab.
 * Both addresses are same-origin file routes that read the session cookie.
 */
export function openInNewTab(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.click();
}

/** Resolves once the browser was handed the file to save; rejects when the server did not send it. */
export async function saveFile(url: string, filename: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = filename;
    link.click();
  } finally {
    // The click has handed the blob to the download already; a later revoke only frees the memory.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  }
}
