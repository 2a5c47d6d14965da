import { describe, expect, it } from 'vitest';
import { clipPost, isLongPost, POST_FOLD } from './clip-post';

describe('folding long posts', () => {
  it('folds a post over 600 characters or over 8 lines, and nothing shorter', () => {
    expect(isLongPost('x'.repeat(600))).toBe(false);
    expect(isLongPost('x'.repeat(601))).toBe(true);
    expect(isLongPost(Array(8).fill('line').join('\n'))).toBe(false);
    expect(isLongPost(Array(9).fill('line').join('\n'))).toBe(true);
    expect(clipPost('Short and sweet')).toBe('Short and sweet');
  });

  it('keeps the first 6 lines of a post with many short lines', () => {
    const lines = Array.from({ length: 12 }, (_, index) => `Line ${index + 1}`);
    expect(clipPost(lines.join('\n'))).toBe(`${lines.slice(0, 6).join('\n')}…`);
  });

  it('cuts a long paragraph at the last space before 400 characters', () => {
    const words = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    const clipped = clipPost(words);
    expect(clipped.length).toBeLessThanOrEqual(POST_FOLD.keptChars + 1);
    expect(clipped.endsWith('…')).toBe(true);
    expect(words.startsWith(clipped.slice(0, -1))).toBe(true);
    expect(words.charAt(clipped.length - 1)).toBe(' ');
  });

  it('never splits a character made of two UTF-16 units', () => {
    // 400 UTF-16 units end with the first half of the 200th emoji: it is left out whole.
    const clipped = clipPost(`a${'😀'.repeat(400)}`);
    expect(clipped).toBe(`a${'😀'.repeat(199)}…`);
  });
});
