import { createHash } from 'node:crypto';

/**
 * The name of a statement prepared once per connection, made from its text (schema included): Postgres
 * keeps only the first 63 bytes of a name, so a name made of a schema and a label could meet another's.
 */
export function statementName(label: string, text: string): string {
  return `${label}_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}
