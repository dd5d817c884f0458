// How big a payload is, roughly: what the timeline counts against its byte budget.

/**
 * About the length of `value`'s JSON (a character counted as a byte), without writing it out.
 * Shared objects count once; binary data counts its bytes; cycles, functions and symbols do not
 * throw (they count as nothing).
 */
export function estimateBytes(value: unknown): number {
  let bytes = 0;
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') bytes += item.length + 2;
    else if (typeof item === 'number' || typeof item === 'bigint') bytes += String(item).length;
    else if (typeof item === 'boolean' || item === null) bytes += 5;
    else if (typeof item === 'object' && !seen.has(item)) {
      seen.add(item);
      if (ArrayBuffer.isView(item) || item instanceof ArrayBuffer) bytes += item.byteLength;
      else if (Array.isArray(item)) {
        bytes += 1 + item.length;
        for (const element of item) pending.push(element);
      } else {
        bytes += 2;
        for (const key in item) {
          if (!Object.hasOwn(item, key)) continue;
          bytes += key.length + 4;
          pending.push((item as Record<string, unknown>)[key]);
        }
      }
    }
  }
  return bytes;
}
