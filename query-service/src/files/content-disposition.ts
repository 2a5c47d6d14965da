/** The name a resume is saved under when the stored one has nothing usable left. */
const FALLBACK_NAME = 'resume.pdf';

/**
 * `Content-Disposition: attachment` for a resume. The command-service already keeps only safe
 * characters in a file name, but this header is where a quote, a semicolon, a line break or a path
 * would turn into header injection or a file written outside the downloads folder, so it is made safe
 * again here: `filename` is plain ASCII (letters, digits, dot, dash, underscore), `filename*` (RFC 5987)
 * keeps any other letters, percent-encoded. Both end in `.pdf`, as the file always is one.
 */
export function attachmentDisposition(filename: string): string {
  // No path, no control characters, no leading dots (hidden files).
  const base = (filename.split(/[/\\]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/^[.\s]+/, '')
    .trim();
  const named = base.length > 0 ? withPdfExtension(base) : FALLBACK_NAME;
  const ascii = named
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '');
  const plain = ascii.length > '.pdf'.length ? withPdfExtension(ascii) : FALLBACK_NAME;
  return `attachment; filename="${plain}"; filename*=UTF-8''${rfc5987(named)}`;
}

function withPdfExtension(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

/** encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
