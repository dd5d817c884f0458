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
  const lines = parts.map((part, index) =>
    unionMember(inner, part, index === parts.length - 1 ? tail : ''),
  );
  return `${indent}${head.trimEnd()}\n${lines.join('\n')}${tail}`;
}

/** `| member` on a line of a broken union; a list of a union too long for it is broken too. */
function unionMember(inner: string, part: string, tail: string): string {
  const line = `${inner}| ${part.replace(/\n/g, '\n    ')}`;
  const list = /^\((.*)\)\[\]$/s.exec(part);
  const members = list ? splitUnion(list[1]) : [];
  if (members.length < 2 || part.includes('\n') || line.length + tail.length <= LINE_WIDTH) {
    return line;
  }
  const lines = members.map((member) => `${inner}    | ${member}`);
  return `${inner}| (\n${lines.join('\n')}\n${inner}  )[]`;
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
