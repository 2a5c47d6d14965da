import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerMessages, requestMessages } from '../messages.ts';
import {
  containsUnsafeText,
  EMAIL_PATTERN,
  EmailAddress,
  FirstName,
  givenPassword,
  isSafeText,
  numberInput,
  optionalText,
  requiredText,
  textList,
} from './fields.ts';

describe('email pattern (text @ text . text, no spaces)', () => {
  it.each(['a@b.c', 'ada.lovelace@example.co.uk', 'first+tag@sub.example.org', 'UPPER@EXAMPLE.COM'])(
    'accepts %s',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(true);
    },
  );

  it.each(['', 'plain', 'a@b', '@b.c', 'a@.c', 'a@b.', 'a b@c.d', 'a@b c.d', 'a@@b.c', 'a@b@c.d'])(
    'rejects %j',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(false);
    },
  );

  it('the schema trims before matching, so surrounding spaces are forgiven', () => {
    expect(EmailAddress.parse('  ada@example.com ')).toBe('ada@example.com');
  });

  it('the schema gives the spec message for a bad pattern and the required message for blank', () => {
    expect(EmailAddress.safeParse('ada@').error?.issues[0]?.message).toBe(registerMessages.emailInvalid);
    expect(EmailAddress.safeParse('   ').error?.issues[0]?.message).toBe(registerMessages.emailRequired);
  });

  it('rejects an address longer than 254 characters', () => {
    const long = `${'a'.repeat(250)}@b.co`;
    expect(EmailAddress.safeParse(long).error?.issues[0]?.message).toBe(registerMessages.emailTooLong);
  });

  it('makes look-alikes one address: fullwidth letters, any case, a Unicode domain in its ASCII form', () => {
    expect(EmailAddress.parse('ｋｉｍ@ｅｘａｍｐｌｅ.ｔｅｓｔ')).toBe('kim@example.test');
    expect(EmailAddress.parse('KIM@Example.Test')).toBe('kim@example.test');
    expect(EmailAddress.parse('kim@exámple.test')).toBe('kim@xn--exmple-qta.test');
    expect(EmailAddress.parse('kim@xn--exmple-qta.test')).toBe('kim@xn--exmple-qta.test');
  });

  it.each([
    ['a zero-width space', 'k\u200bim@example.test'],
    ['a direction mark', 'kim\u200e@example.test'],
    ['a byte-order mark in the domain', 'kim@exa\ufeffmple.test'],
    ['Cyrillic letters that read as Latin', 'k\u0456m@example.test'],
    ['a path hidden in the domain', 'kim@evil.test/example.test'],
    ['a port in the domain', 'kim@example.test:25'],
  ])('refuses %s', (_what, email) => {
    expect(EmailAddress.safeParse(email).error?.issues[0]?.message).toBe(registerMessages.emailInvalid);
  });
});

describe('numberInput', () => {
  const schema = numberInput('Must be a number');

  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['  ', null],
    ['42', 42],
    [' 42.5 ', 42.5],
    [7, 7],
  ])('%j -> %j', (input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it.each(['abc', '1e999', '0x10', '1e3', 'Infinity', '1.2.3', true, {}])(
    'rejects %j with the given message',
    (input) => {
      expect(schema.safeParse(input).error?.issues[0]?.message).toBe('Must be a number');
    },
  );
});

describe('text a person could have typed (NUL and lone surrogates are refused)', () => {
  const nul = 'a\u0000b';
  const loneHigh = 'a\uD800b';
  const loneLow = '\uDC00';

  it('isSafeText accepts ordinary text, emoji and other scripts, and refuses NUL and lone halves', () => {
    for (const text of ['', 'plain', 'Zoë 👩‍💻 日本語', '\uD83D\uDE00']) expect(isSafeText(text)).toBe(true);
    for (const text of [nul, loneHigh, loneLow, 'x\uD83D']) expect(isSafeText(text)).toBe(false);
  });

  it('every text helper answers with the one message', () => {
    const cases: Array<[z.ZodType, unknown]> = [];
    for (const bad of [nul, loneHigh]) {
      cases.push(
        [requiredText(10, { required: 'required', tooLong: 'long' }), bad],
        [optionalText(10, 'long'), bad],
        [FirstName, `Ada${bad}`],
        [EmailAddress, `a${bad}@x.co`],
        [givenPassword({ required: 'required', tooLong: 'long' }), bad],
        [textList({ itemMax: 10, maxItems: 3 }, { itemTooLong: 'long', tooMany: 'many' }), [bad]],
      );
    }
    for (const [schema, input] of cases) {
      expect(schema.safeParse(input).error?.issues[0]?.message).toBe(requestMessages.unsafeText);
    }
  });

  it('containsUnsafeText finds bad text at any depth, in keys too, and passes clean values', () => {
    expect(containsUnsafeText({ content: 'hi', tags: ['a', 'b'], n: 1, x: null })).toBe(false);
    expect(containsUnsafeText({ content: 'hi', tags: ['a', nul] })).toBe(true);
    expect(containsUnsafeText({ deep: [{ deeper: { text: loneLow } }] })).toBe(true);
    expect(containsUnsafeText({ [nul]: 'key' })).toBe(true);
    expect(containsUnsafeText(loneHigh)).toBe(true);
  });
});
