export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/**
 * `?a=1&skills=x&skills=y` from a query object. Unset values (undefined, null, '') are left out, lists
 * repeat their key; the list-query schemas read both repeated keys and comma lists.
 */
export function buildQueryString(query: Readonly<Record<string, QueryValue>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== '') params.append(key, item);
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
