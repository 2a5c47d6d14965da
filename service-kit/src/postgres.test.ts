import { describe, expect, it } from 'vitest';
import { PREPARED_NAME_MAX, preparedName } from './postgres.ts';

describe('preparedName', () => {
  it('keeps a name that fits', () => {
    expect(preparedName('"read".event_log:append:1')).toBe('"read".event_log:append:1');
  });

  it('gives two long names alike in their first 63 bytes two names that fit, each the same every time', () => {
    const table = '"t_connections_67cb7a0f_cmd".event_log';
    const a = `${table}:append:1:delete-connection-request`;
    const b = `${table}:append:1:delete-connection-removal`;
    expect(a.slice(0, PREPARED_NAME_MAX)).toBe(b.slice(0, PREPARED_NAME_MAX));
    expect(preparedName(a)).not.toBe(preparedName(b));
    expect(preparedName(a)).toBe(preparedName(a));
    for (const name of [preparedName(a), preparedName(b)]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(PREPARED_NAME_MAX);
    }
  });
});
