// Type-level reading of path templates (docs/reference/path-templates.md). Mirrors pathTemplate.ts:
// the same constructs, the same escapes, the same notion of "optional" (inside a `{...}` group).

type Lower =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type IdentifierStart = Lower | Uppercase<Lower> | '_' | '$';
/** Characters of an unquoted parameter name (ASCII identifiers; quote anything else). */
type IdentifierChar = IdentifierStart | Digit;

/** Reads the rest of an identifier: `[name, rest]`. */
type ReadIdentifier<
  S extends string,
  Name extends string = '',
> = S extends `${infer C}${infer Rest}`
  ? C extends IdentifierChar
    ? ReadIdentifier<Rest, `${Name}${C}`>
    : [Name, S]
  : [Name, S];

/** Reads a `"quoted"` name (after the opening quote), honouring backslash escapes. */
type ReadQuoted<S extends string, Name extends string = ''> = S extends `\\${infer C}${infer Rest}`
  ? ReadQuoted<Rest, `${Name}${C}`>
  : S extends `"${infer Rest}`
    ? [Name, Rest]
    : S extends `${infer C}${infer Rest}`
      ? ReadQuoted<Rest, `${Name}${C}`>
      : [Name, ''];

/** Reads the name after `:` or `*`: `[name, rest]`, name `''` when there is none. */
export type ReadParamName<S extends string> = S extends `"${infer Rest}`
  ? ReadQuoted<Rest>
  : S extends `${infer C}${string}`
    ? C extends IdentifierStart
      ? ReadIdentifier<S>
      : ['', S]
    : ['', S];

/** One parameter found in a template. */
interface FoundParam<
  Name extends string,
  Kind extends 'param' | 'wildcard',
  Optional extends boolean,
> {
  name: Name;
  kind: Kind;
  optional: Optional;
}

type Pop<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : [];
type InGroup<Depth extends unknown[]> = Depth extends [] ? false : true;

type Found<Kind extends 'param' | 'wildcard', Read, Depth extends unknown[]> = Read extends [
  infer Name extends string,
  string,
]
  ? Name extends ''
    ? never
    : FoundParam<Name, Kind, InGroup<Depth>>
  : never;

type RestOf<Read> = Read extends [string, infer Rest extends string] ? Rest : '';

/** Walks the template one character at a time, collecting every parameter it names. */
type Scan<
  S extends string,
  Depth extends unknown[] = [],
  Params = never,
> = S extends `\\${string}${infer Rest}`
  ? Scan<Rest, Depth, Params> // escaped character: a literal
  : S extends `{${infer Rest}`
    ? Scan<Rest, [...Depth, 0], Params>
    : S extends `}${infer Rest}`
      ? Scan<Rest, Pop<Depth>, Params>
      : S extends `:${infer Rest}`
        ? Scan<
            RestOf<ReadParamName<Rest>>,
            Depth,
            Params | Found<'param', ReadParamName<Rest>, Depth>
          >
        : S extends `*${infer Rest}`
          ? Scan<
              RestOf<ReadParamName<Rest>>,
              Depth,
              Params | Found<'wildcard', ReadParamName<Rest>, Depth>
            >
          : S extends `${string}${infer Rest}`
            ? Scan<Rest, Depth, Params>
            : Params;

/** Flattens an intersection into one object type (readable hovers and errors). */
export type Prettify<T> = { [K in keyof T]: T[K] } & {};

type ValueOf<Kind> = Kind extends 'wildcard' ? string[] : string | number;

type ParamsRecord<P> = Prettify<
  {
    [F in P as F extends FoundParam<infer N, 'param' | 'wildcard', false> ? N : never]: F extends {
      kind: infer K;
    }
      ? ValueOf<K>
      : never;
  } & {
    [F in P as F extends FoundParam<infer N, 'param' | 'wildcard', true> ? N : never]?: F extends {
      kind: infer K;
    }
      ? ValueOf<K>
      : never;
  }
>;

/** A value accepted for one URL parameter: named params take one, wildcards a list. */
export type PathParamValue = string | number | readonly (string | number)[];

/** URL params of a template whose text is not known at compile time. */
export type AnyPathParams = Record<string, PathParamValue | undefined>;

/**
 * The URL parameter object of a path template: `:name` → `string | number`, `*name` →
 * `string[]`, anything inside `{...}` optional, escaped characters never parameters.
 */
export type PathParams<Path extends string> = string extends Path
  ? AnyPathParams
  : ParamsRecord<Scan<Path>>;

/** Parameter names of a template (a union; `never` when there are none). */
export type PathParamNames<Path extends string> = keyof PathParams<Path>;

type IsFinalParam<Rest extends string> =
  ReadParamName<Rest> extends [infer Name, ''] ? (Name extends '' ? false : true) : false;

/** Type of `shortenPath`: drops a final `/:param` segment (`/todos/:id` → `/todos`). */
export type ShortenPath<Path extends string> = string extends Path
  ? string
  : Path extends `${infer Head}/:${infer Rest}`
    ? IsFinalParam<Rest> extends true
      ? Head extends `${string}\\`
        ? Path
        : Head
      : `${Head}/:${ShortenPath<Rest>}`
    : Path;
