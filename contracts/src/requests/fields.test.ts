import { describe, expect, it } from 'vitest';
import { registerMessages } from '../messages.ts';
import { EMAIL_PATTERN, EmailAddress, numberInput } from './fields.ts';

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

  it.each(['abc', '1e999', true, {}])('rejects %j with the given message', (input) => {
    expect(schema.safeParse(input).error?.issues[0]?.message).toBe('Must be a number');
  });
});
