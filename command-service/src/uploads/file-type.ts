/**
 * What a file is, told by its first bytes ("magic numbers") and nothing else: the name and the
 * content type a client declares are the client's to choose, so neither decides what is stored.
 */
export type FileFormat =
  | 'pdf'
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  /** Images of a kind pictures are not taken in (BMP, TIFF, ICO, HEIF/AVIF, JPEG XL, PSD, SVG). */
  | 'other-image';

/** How many leading bytes `sniffFormat` needs to tell every format apart. */
export const SNIFF_BYTES = 64;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** ISO base media files (HEIF, AVIF) name their brand in an `ftyp` box at offset 4. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** "BM" alone is too common a start; a bitmap's DIB header size follows the 14-byte file header. */
const isBmp = (head: Buffer) =>
  startsWith(head, ascii('BM')) && [12, 40, 52, 56, 64, 108, 124].includes(head.readUInt32LE(14));

function isSvg(head: Buffer): boolean {
  // Markup after an optional byte-order mark and whitespace: an XML prolog or an <svg> root.
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'));
}

/** The format the file's first bytes (at least `SNIFF_BYTES` of them, when it has that many) say, or null. */
export function sniffFormat(head: Buffer): FileFormat | null {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (
    (head.length >= 18 && isBmp(head)) ||
    startsWith(head, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]) ||
    startsWith(head, [0x00, 0x00, 0x01, 0x00]) ||
    startsWith(head, [0xff, 0x0a]) ||
    startsWith(head, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20]) ||
    startsWith(head, ascii('8BPS')) ||
    (startsWith(head, ascii('ftyp'), 4) && HEIF_BRANDS.has(head.subarray(8, 12).toString('latin1'))) ||
    isSvg(head)
  ) {
    return 'other-image';
  }
  return null;
}
