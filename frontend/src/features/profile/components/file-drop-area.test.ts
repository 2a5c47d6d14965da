import { MEGABYTE } from '@careers/contracts/constants';
import { profileMessages } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { dropAreaRefusal } from './file-drop-area';

const file = (type: string, size = 1024) => ({ type, size });

describe('the generic upload widget', () => {
  it("keeps the spec's generic words when the screen names none", () => {
    expect(dropAreaRefusal('pdf', file('text/plain'))).toBe('Please select a PDF file');
    expect(dropAreaRefusal('image', file('application/pdf'))).toBe('Please select an image file');
    expect(dropAreaRefusal('pdf', file('application/pdf', 11 * MEGABYTE))).toBe(
      'File size too large. Maximum size: 10MB',
    );
    expect(dropAreaRefusal('pdf', file('application/pdf'))).toBeNull();
  });

  it("says a screen's own words for a file of the wrong type", () => {
    expect(
      dropAreaRefusal('pdf', file('application/msword'), 10 * MEGABYTE, profileMessages.resumeNotPdf),
    ).toBe('Please upload a PDF file for resume');
    expect(dropAreaRefusal('pdf', file('application/pdf'), 10 * MEGABYTE, profileMessages.resumeNotPdf)).toBe(
      null,
    );
  });
});
