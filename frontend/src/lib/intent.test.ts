import { describe, expect, it } from 'vitest';
import { Intents, newIntentKey } from './intent';

describe('intents', () => {
  it('sends one try at a time: a second begin while the first runs gets no key', () => {
    const intents = new Intents();
    const key = intents.begin('post', 'Hello');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(intents.begin('post', 'Hello')).toBeNull();
    expect(intents.isRunning('post')).toBe(true);
    // Another name is another intent.
    expect(intents.begin('comment', 'Hello')).not.toBeNull();
  });

  it('keeps the key for the same payload after a failure, and makes a new one after a success', () => {
    const intents = new Intents();
    const first = intents.begin('post', 'Hello');
    intents.end('post', false);
    expect(intents.isRunning('post')).toBe(false);
    expect(intents.begin('post', 'Hello')).toBe(first);
    intents.end('post', true);
    const next = intents.begin('post', 'Hello');
    expect(next).not.toBeNull();
    expect(next).not.toBe(first);
  });

  it('makes a new key when the payload changed after a failure', () => {
    const intents = new Intents();
    const first = intents.begin('apply', { coverLetter: 'Hi' });
    intents.end('apply', false);
    expect(intents.begin('apply', { coverLetter: 'Hello' })).not.toBe(first);
  });

  it('tells files apart by name, size and date, not by their (unread) bytes', () => {
    const intents = new Intents();
    const a = new File(['%PDF-1'], 'cv.pdf', { lastModified: 1 });
    const key = intents.begin('upload', a);
    intents.end('upload', false);
    expect(intents.begin('upload', new File(['%PDF-1'], 'cv.pdf', { lastModified: 1 }))).toBe(key);
    intents.end('upload', false);
    expect(intents.begin('upload', new File(['%PDF-1'], 'other.pdf', { lastModified: 1 }))).not.toBe(key);
  });

  it('makes keys that differ', () => {
    expect(new Set(Array.from({ length: 100 }, newIntentKey)).size).toBe(100);
  });
});
