// Layout of generated code in the project's style (what biome's formatter writes): lines of at
// most 100 characters, a long union broken before each `|`.

export const LINE_WIDTH = 100;

/** Splits `A | B | C` at its top level (not inside brackets, braces or quotes). */
export function splitUnion(type: string, separator = ' | '): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let quoteChar = '';
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (quoteChar) {
      if (c === '\\') i++;
      else if (c === quoteChar) quoteChar = '';
    } else if (c === "'" || c === '"') quoteChar = c;
    else if ('({[<'.includes(c)) depth++;
    else if (')}]>'.includes(c)) depth--;
    else if (depth === 0 && type.startsWith(separator, i)) {
      parts.push(type.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(type.slice(start));
  return parts;
}

/**
 * `head` + type + `tail` at `indent`, with the union on lines of its own when the line is too
 * long or a member spans lines (`{ ... } | null` stays as it is): `head` ends where the type
 * starts (`  name: `), `tail` is what follows it (`;`).
 */
export function typedLine(indent: string, head: string, type: string, tail: string): string {
  const line = `${indent}${head}${type}${tail}`;
  const parts = splitUnion(type);
  const inner = `${indent}  `;
  if (parts.length < 2) {
    // A list of a union: `(\n  | 'a'\n  | 'b'\n)[]` when it does not fit.
    const list = /^\((.*)\)\[\]$/s.exec(type);
    const members = list ? splitUnion(list[1]) : [];
    if (members.length < 2 || (line.length <= LINE_WIDTH && !type.includes('\n'))) return line;
    if (hugs(members)) return line;
    const lines = members.map((part) => `${inner}| ${part.replace(/\n/g, '\n    ')}`);
    return `${indent}${head}(\n${lines.join('\n')}\n${indent})[]${tail}`;
  }
  const spanning = parts.filter((part) => part.includes('\n'));
  if (spanning.length === 0 && line.length <= LINE_WIDTH) return line;
  // `{ ... } | null` stays as it is.
  const hugged = spanning.length === 1 && spanning[0].startsWith('{') && spanning[0].endsWith('}');
  if (
    hugged &&
    parts.every((part) => part === spanning[0] || part === 'null' || part === 'undefined')
  ) {
    return line;
  }
  const lines = parts.map((part) => `${inner}| ${part.replace(/\n/g, '\n    ')}`);
  return `${indent}${head.trimEnd()}\n${lines.join('\n')}${tail}`;
}

/** `{ ... } | null`: one object spanning lines and null or undefined, kept as it is. */
function hugs(parts: string[]): boolean {
  const spanning = parts.filter((part) => part.includes('\n'));
  if (spanning.length !== 1 || !spanning[0].startsWith('{') || !spanning[0].endsWith('}')) {
    return false;
  }
  return parts.every((part) => part === spanning[0] || part === 'null' || part === 'undefined');
}

/** `export interface X { ... }` for an object type, else `export type X = ...;`. */
export function declarationOf(name: string, type: string): string {
  if (
    type.startsWith('{\n') &&
    type.endsWith('}') &&
    splitUnion(type).length === 1 &&
    splitUnion(type, ' & ').length === 1
  ) {
    return `export interface ${name} ${type}`;
  }
  return typedLine('', `export type ${name} = `, type, ';');
}
