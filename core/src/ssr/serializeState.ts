import type { DehydratedState } from './dehydrate';

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON that can be written inside an inline `<script>`: the characters that could end the
 * script or open a comment (`<`, `>`, `&`) and the line separators some parsers reject are
 * escaped as `\uXXXX`, which `JSON.parse` reads back unchanged. Data never becomes markup.
 */
export function serializeState(dehydrated: DehydratedState): string {
  return JSON.stringify(dehydrated).replace(
    UNSAFE_IN_SCRIPT,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
