import { describe, expect, it } from 'vitest';
import { linkify, type TextSegment } from './linkify';

const text = (value: string): TextSegment => ({ kind: 'text', text: value });
const link = (value: string, href: string = value): TextSegment => ({ kind: 'link', text: value, href });

function joined(segments: TextSegment[]): string {
  return segments.map((segment) => segment.text).join('');
}

describe('linkify', () => {
  it('leaves text without addresses as one run', () => {
    expect(linkify('Shipped the compiler')).toEqual([text('Shipped the compiler')]);
    expect(linkify('')).toEqual([]);
  });

  it('links http and https addresses in the middle of text, keeping the words around them', () => {
    expect(linkify('Read https://example.com/post?id=1#top and http://example.org today')).toEqual([
      text('Read '),
      link('https://example.com/post?id=1#top'),
      text(' and '),
      link('http://example.org', 'http://example.org/'),
      text(' today'),
    ]);
  });

  it('keeps line breaks and links addresses on their own lines', () => {
    expect(linkify('one\nhttps://a.example/\ntwo')).toEqual([
      text('one\n'),
      link('https://a.example/'),
      text('\ntwo'),
    ]);
  });

  it('accepts the scheme in any case and links the normalised address', () => {
    expect(linkify('HTTPS://Example.COM/Path')).toEqual([
      link('HTTPS://Example.COM/Path', 'https://example.com/Path'),
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:ada@example.com',
    '//evil.example/path',
    'www.example.com',
    '<a href="javascript:alert(1)">click</a>',
    '<img src=x onerror=alert(1)>',
    'http://',
    'https://',
    'http:// example.com',
    'http://[::1',
  ])('keeps %j as text', (hostile) => {
    expect(linkify(hostile)).toEqual([text(hostile)]);
  });

  it('does not link an address glued to a word before it', () => {
    expect(linkify('xhttp://example.com')).toEqual([text('xhttp://example.com')]);
  });

  it('links only the http part written after another scheme, never the other scheme', () => {
    const segments = linkify('javascript:http://example.com');
    expect(segments).toEqual([text('javascript:'), link('http://example.com', 'http://example.com/')]);
  });

  it('ends an address at a quote or angle bracket, so no attribute or tag can ride along', () => {
    expect(linkify('http://a.example/"onmouseover="alert(1)')).toEqual([
      link('http://a.example/'),
      text('"onmouseover="alert(1)'),
    ]);
    expect(linkify('<https://a.example/>')).toEqual([text('<'), link('https://a.example/'), text('>')]);
    expect(linkify('https://a.example/`x`')).toEqual([link('https://a.example/'), text('`x`')]);
  });

  it('drops single quotes around an address and keeps one inside it (React escapes the attribute)', () => {
    expect(linkify("'https://a.example/'")).toEqual([text("'"), link('https://a.example/'), text("'")]);
    expect(linkify("https://a.example/it's")).toEqual([link("https://a.example/it's")]);
  });

  it('ends an address at "<" even after an escape in it', () => {
    expect(linkify('https://a.example/%20x<y')).toEqual([link('https://a.example/%20x'), text('<y')]);
  });

  it.each([
    ['See https://example.com.', 'https://example.com', '.'],
    ['See https://example.com/a, then', 'https://example.com/a', ', then'],
    ['Really? https://example.com/!?', 'https://example.com/', '!?'],
    ['(at https://example.com/docs)', 'https://example.com/docs', ')'],
    ['[https://example.com/x]', 'https://example.com/x', ']'],
    ['“https://example.com/”', 'https://example.com/', '”'],
    ['https://example.com/a;', 'https://example.com/a', ';'],
    ['https://example.com:', 'https://example.com', ':'],
  ])('leaves trailing punctuation out of the link in %j', (input, address, after) => {
    const segments = linkify(input);
    expect(segments.find((segment) => segment.kind === 'link')?.text).toBe(address);
    expect(segments.at(-1)).toEqual(text(after));
    expect(joined(segments)).toBe(input);
  });

  it('keeps balanced brackets that belong to the address', () => {
    expect(linkify('(see https://en.wikipedia.org/wiki/Ada_(programming_language))')).toEqual([
      text('(see '),
      link('https://en.wikipedia.org/wiki/Ada_(programming_language)'),
      text(')'),
    ]);
  });

  it('links query strings with commas and ampersands whole', () => {
    expect(linkify('https://example.com/s?q=a,b&x=1')).toEqual([link('https://example.com/s?q=a,b&x=1')]);
  });

  it('gives back the text unchanged when the runs are joined', () => {
    const input = 'a https://x.example/(1). b javascript:alert(1) "http://y.example" <c> http://';
    expect(joined(linkify(input))).toBe(input);
  });
});
