import { describe, expect, it } from 'vitest';
import { FILENAME_MAX_STEM, safeResumeFilename } from './safe-filename.ts';

describe('safeResumeFilename', () => {
  it.each([
    ['Ada Lovelace - CV.pdf', 'Ada-Lovelace-CV.pdf'],
    ['resume.PDF', 'resume.pdf'],
    ['cv', 'cv.pdf'],
    ['cv.docx', 'cv.docx.pdf'],
    ['Zoë Müller CV (2025).pdf', 'Zoe-Muller-CV-2025.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['C:\\Users\\ada\\Desktop\\cv final.pdf', 'cv-final.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ["\"; filename*=UTF-8''evil.html", 'filename-UTF-8-evil.html.pdf'],
    ['résumé\r\nX-Injected: 1.pdf', 'resume-X-Injected-1.pdf'],
    ['履歴書.pdf', 'resume.pdf'],
    ['', 'resume.pdf'],
    [undefined, 'resume.pdf'],
    ['...pdf', 'resume.pdf'],
    ['a__b--c..d.pdf', 'a_b-c.d.pdf'],
  ])('turns %j into %j', (original, safe) => {
    expect(safeResumeFilename(original)).toBe(safe);
  });

  it('keeps only letters, digits, dot, dash and underscore, and ends in .pdf', () => {
    for (const name of ['a<b>c|d?.pdf', 'x\u0000y.pdf', 'tab\there.pdf', '%2e%2e%2fcv.pdf']) {
      expect(safeResumeFilename(name)).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*\.pdf$/);
    }
  });

  it('bounds the length', () => {
    const safe = safeResumeFilename(`${'a'.repeat(500)}.pdf`);
    expect(safe).toBe(`${'a'.repeat(FILENAME_MAX_STEM)}.pdf`);
  });
});
