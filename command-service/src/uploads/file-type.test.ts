import { describe, expect, it } from 'vitest';
import { sniffFormat } from './file-type.ts';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64)]);

describe('sniffFormat: what the first bytes say, whatever the name or declared type', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n')],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10, 'Exif')],
    ['png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)],
    ['gif', bytes('GIF87a')],
    ['gif', bytes('GIF89a')],
    ['webp', bytes('RIFF', 0x24, 0x00, 0x00, 0x00, 'WEBPVP8 ')],
  ] as const)('reads %s', (format, head) => {
    expect(sniffFormat(padded(head))).toBe(format);
  });

  it.each([
    ['a bitmap', bytes('BM', 0x36, 0x10, 0x0e, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0)],
    ['a little-endian TIFF', bytes('II', 0x2a, 0x00)],
    ['a big-endian TIFF', bytes('MM', 0x00, 0x2a)],
    ['an icon', bytes(0, 0, 1, 0)],
    ['a HEIC photo', bytes(0, 0, 0, 0x18, 'ftypheic')],
    ['an AVIF', bytes(0, 0, 0, 0x1c, 'ftypavif')],
    ['a JPEG XL', bytes(0xff, 0x0a)],
    ['a Photoshop file', bytes('8BPS')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">')],
    [
      'an SVG after a prolog, a BOM and blank lines',
      bytes(0xef, 0xbb, 0xbf, '\n  <?xml version="1.0"?><svg>'),
    ],
  ])('calls %s another image', (_name, head) => {
    expect(sniffFormat(padded(head))).toBe('other-image');
  });

  it.each([
    ['an ELF executable named cv.pdf', bytes(0x7f, 'ELF', 2, 1, 1)],
    ['a Windows executable', bytes('MZ', 0x90, 0x00)],
    ['a ZIP (or a .docx)', bytes('PK', 3, 4)],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['plain text that starts with BM', bytes('BMW owners club minutes, page one of many')],
    ['an MP4 video', bytes(0, 0, 0, 0x18, 'ftypmp42')],
    ['a PDF marker not at the start', bytes('junk%PDF-1.4')],
    ['a RIFF that is not WebP', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')],
  ])('knows nothing of %s', (_name, head) => {
    expect(sniffFormat(padded(head))).toBeNull();
  });

  it('needs no more bytes than a short file has', () => {
    expect(sniffFormat(bytes('%PDF-'))).toBe('pdf');
    expect(sniffFormat(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });
});
