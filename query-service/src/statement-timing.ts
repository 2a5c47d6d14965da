import pg from 'pg';

/**
 * Times every Postgres statement of the process from now on, per statement text (its first line and
 * whitespace collapsed, so one text is one row whatever its values): how long they took from being sent
 * to their result, and how often each ran. For diagnosing where a rebuild's or a projector's time goes.
 * `report(true)` also starts the totals again (a window at a time).
 */
export function timeStatements(): { report(reset?: boolean): string } {
  const totals = new Map<string, { ms: number; count: number }>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function timed(this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    const result = original.apply(this, args);
    if (typeof text !== 'string' || !(result instanceof Promise)) return result;
    // Literal arrays (the checkpoints' statement) collapsed too, so that statement is one row.
    const key = text
      .replace(/ARRAY\[[^\]]*\]/g, 'ARRAY[...]')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 140);
    const started = performance.now();
    const add = () => {
      const t = totals.get(key) ?? { ms: 0, count: 0 };
      t.ms += performance.now() - started;
      t.count++;
      totals.set(key, t);
    };
    result.then(add, add);
    return result;
  };
  return {
    report(reset = false) {
      const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms);
      if (reset) totals.clear();
      const all = rows.reduce((sum, [, t]) => sum + t.ms, 0);
      return [
        `Statements: ${Math.round(all)} ms in all`,
        ...rows
          .slice(0, 30)
          .map(
            ([text, t]) =>
              `${Math.round(t.ms).toString().padStart(8)} ms ${t.count.toString().padStart(7)}x ${(t.ms / t.count).toFixed(2).padStart(8)} ms  ${text}`,
          ),
      ].join('\n');
    },
  };
}
