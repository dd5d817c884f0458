// Identifiers for generated code: unique, valid, and never hiding a name the output uses.

const IDENTIFIER = /^[$_\p{ID_Start}][$\p{ID_Continue}]*$/u;

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with as implements interface let package private protected ' +
    'public static yield any boolean never number object string symbol unknown undefined await ' +
    'async type keyof readonly declare module namespace infer is of get set constructor ' +
    // What the generated files import or declare themselves.
    'Entity Collection RestEndpoint urlPrefix ' +
    // Types the generated files use, and DOM globals a type could otherwise hide.
    'Record Partial Blob FormData URLSearchParams BodyInit Response Request Headers File Event ' +
    'Node Element Document Window Location History Storage Notification'
  ).split(' '),
);

export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** A property key as written in code: bare when it is an identifier, else quoted. */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : quote(name);
}

/** A string literal as biome writes it: single quotes, double when that saves escapes. */
export function quote(text: string): string {
  const mark = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/[\\'"\n\r\u2028\u2029]/g, (c) => {
    if (c === '\\' || c === mark) return `\\${c}`;
    if (c === "'" || c === '"') return c;
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `${mark}${escaped}${mark}`;
}

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function pascalCase(text: string): string {
  const name = words(text)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
  return /^\p{N}/u.test(name) || name === '' ? `T${name}` : name;
}

export function camelCase(text: string): string {
  const name = pascalCase(text);
  return name[0].toLowerCase() + name.slice(1);
}

/** Hands out names once each: a taken, reserved or global name gets `suffix`, then a number. */
export class NameRegistry {
  readonly #taken = new Set<string>();

  claim(wanted: string, suffix: string): string {
    let name = wanted;
    if (RESERVED.has(name) || name in globalThis || this.#taken.has(name))
      name = `${wanted}${suffix}`;
    for (let n = 2; this.#taken.has(name) || RESERVED.has(name); n++)
      name = `${wanted}${suffix}${n}`;
    this.#taken.add(name);
    return name;
  }
}
