import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.ts';

describe('attachmentDisposition', () => {
  it.for([
    ['a name already safe', 'ada-lovelace_resume.pdf', 'ada-lovelace_resume.pdf', 'ada-lovelace_resume.pdf'],
    [
      'spaces and accents',
      'Résumé Ada (2026).pdf',
      'Resume_Ada_2026_.pdf',
      'R%C3%A9sum%C3%A9%20Ada%20%282026%29.pdf',
    ],
    [
      'a quote, a semicolon and a line break',
      'a";\r\nSet-Cookie: x=1.pdf',
      'a_Set-Cookie_x_1.pdf',
      'a%22%3BSet-Cookie%3A%20x%3D1.pdf',
    ],
    ['a path', '../../etc/passwd', 'passwd.pdf', 'passwd.pdf'],
    ['a Windows path', 'C:\\Users\\ada\\cv.PDF', 'cv.PDF', 'cv.PDF'],
    ['a hidden file', '.bashrc', 'bashrc.pdf', 'bashrc.pdf'],
    ['letters with no ASCII form', '简历.pdf', 'resume.pdf', '%E7%AE%80%E5%8E%86.pdf'],
    ['nothing left', '../', 'resume.pdf', 'resume.pdf'],
  ])('makes %s safe', ([, name, plain, encoded]) => {
    expect(attachmentDisposition(name as string)).toBe(
      `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`,
    );
  });

  it('never lets a quote, a backslash or a control character into the header', () => {
    const header = attachmentDisposition('x"\\\u0000\u202e\u0007y.pdf');
    expect(header.replace(/^attachment; filename="[^"]*"; /, '')).toMatch(
      /^filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/,
    );
    expect(header).not.toMatch(/[\p{Cc}\p{Cf}\\]/u);
  });
});
