import { message } from '../schema/development';

/**
 * The default `searchToString` (docs/reference/rest-endpoint.md#search-parameters): URLSearchParams
 * with sorted keys, over values it can express without guessing. A value is a string, a finite
 * number, a boolean or a bigint (as `String()` gives it), a `Date` (as `toISOString()`, the same
 * text on every machine), or an array of those (the key repeated). `undefined` and `null` leave the
 * parameter out, in an array too. Anything else, nested objects above all, is a `TypeError` naming
 * the parameter: two different filters must never share one URL and one cache key.
 */
export function serializeSearchParams(
  searchParams: Record<string, unknown>,
  endpointName = 'RestEndpoint',
): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(searchParams)) {
    const value = searchParams[key];
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const text = searchValue(item, key, endpointName);
      if (text !== undefined) search.append(key, text);
    }
  }
  search.sort();
  return search.toString();
}

function searchValue(value: unknown, key: string, endpointName: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'number':
      if (Number.isFinite(value)) return String(value);
      throw unusable(
        key,
        endpointName,
        'TSR32',
        () => process.env.NODE_ENV !== 'production' && `is ${value}, which is not a usable number`,
      );
    case 'object':
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) {
          throw unusable(
            key,
            endpointName,
            'TSR33',
            () => process.env.NODE_ENV !== 'production' && 'is an invalid Date',
          );
        }
        return value.toISOString();
      }
      throw unusable(
        key,
        endpointName,
        'TSR34',
        () =>
          process.env.NODE_ENV !== 'production' &&
          `is ${Array.isArray(value) ? 'a nested array' : 'an object'}, which URLSearchParams cannot express. ` +
            'Override searchToString to encode nested values, e.g. with qs: ' +
            '`searchToString(params) { return qs.stringify(params, { sort: (a, b) => a.localeCompare(b) }) }`',
      );
    default:
      throw unusable(
        key,
        endpointName,
        'TSR35',
        () => process.env.NODE_ENV !== 'production' && `is a ${typeof value}`,
      );
  }
}

function unusable(
  key: string,
  endpointName: string,
  code: string,
  problem: () => string | false,
): TypeError {
  return new TypeError(
    message(
      `${code} ${endpointName} ${key}`,
      () =>
        process.env.NODE_ENV !== 'production' &&
        `${endpointName}: search parameter "${key}" ${problem()}`,
    ),
  );
}
