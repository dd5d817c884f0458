// What the document's schemas become: names, TypeScript types, entities, normalization schemas.
import { deref, isObject, type Json, resolvePointer } from './document';
import { LINE_WIDTH, splitUnion, typedLine } from './format';
import { NameRegistry, pascalCase, propertyKey, quote } from './names';
import type { Report } from './report';

const COMPONENT = /^#\/components\/schemas\/([^/]+)$/;

/** How a response is normalized: an entity, a list of one, or an object holding them. */
export type Norm =
  | { readonly kind: 'entity'; readonly name: string }
  | { readonly kind: 'array'; readonly of: Norm }
  | { readonly kind: 'object'; readonly fields: readonly (readonly [string, Norm])[] };

export interface Component {
  /** The key under components.schemas. */
  readonly key: string;
  /** Its name in the generated code. */
  readonly name: string;
  readonly schema: unknown;
  /** True when its primary key was found: an Entity class. */
  readonly entity: boolean;
  /** The property holding its primary key (`id`, `isbn`), when it is an entity. */
  readonly primaryKey?: string;
}

/** An item path naming a property of the schema it answers or takes. */
interface ItemPath {
  readonly path: string;
  /** It has other parameters before this one (`/repos/{owner}/{repo}/variables/{name}`). */
  readonly scoped: boolean;
}

export interface ModelOptions {
  /**
   * The primary key property of schemas (by their name under components.schemas) that have no
   * required `id` and no item path naming it: `{ Book: 'isbn' }`. Overrides what is found.
   */
  readonly keys?: Readonly<Record<string, string>>;
}

/** The extension a schema names its primary key property with (`x-tessera-key: isbn`). */
export const KEY_EXTENSION = 'x-tessera-key';

/** Field names an Entity instance keeps for itself. */
export const ENTITY_MEMBERS = new Set(['pk', 'constructor']);

/** JSON media types, as requests and responses are read. */
export const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b|^\*\/\*$|^application\/\*$/i;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class Model {
  readonly components = new Map<string, Component>();
  readonly names = new NameRegistry();
  /** `$ref`s already reported as unresolved (the final scan of the document skips them). */
  readonly unresolved = new Set<string>();

  constructor(
    readonly document: Json,
    readonly report: Report,
    options: ModelOptions = {},
  ) {
    const schemas = isObject(document.components) ? document.components.schemas : undefined;
    for (const [key, schema] of Object.entries(isObject(schemas) ? schemas : {})) {
      const name = this.names.claim(pascalCase(key), 'Model');
      this.components.set(key, { key, name, schema, entity: false });
    }
    const keys = options.keys ?? {};
    for (const [key, property] of Object.entries(keys)) {
      if (!this.components.has(key)) {
        throw new TypeError(`key ${key}=${property}: components.schemas has no schema ${key}`);
      }
    }
    const { named, served } = this.itemPaths();
    for (const component of this.components.values()) {
      const primaryKey = this.primaryKeyOf(
        component,
        Object.hasOwn(keys, component.key) ? keys[component.key] : undefined,
        named.get(component.key),
        served.get(component.key),
      );
      this.components.set(component.key, { ...component, entity: !!primaryKey, primaryKey });
    }
  }

  /**
   * Where the primary key of a component schema comes from, first found first: the `keys`
   * option, its `x-tessera-key`, a required `id`, the parameter of the item paths that answer
   * or take it (`/books/{isbn}` answering a Book with an `isbn`). A resource (what an item path
   * or a list answers) left without one is reported, with why.
   */
  private primaryKeyOf(
    component: Component,
    option: string | undefined,
    named: ReadonlyMap<string, ItemPath> | undefined,
    served: string | undefined,
  ): string | undefined {
    const { key, schema } = component;
    const target = this.resolve(schema);
    const objectLike =
      isObject(target) &&
      !(isObject(schema) && schema.$ref !== undefined) &&
      (typeOfNode(target) === 'object' || !!target.properties || !!target.allOf);
    const properties: Json = objectLike ? this.shape(target).properties : {};
    const usable = (name: unknown): name is string => {
      if (typeof name !== 'string' || !Object.hasOwn(properties, name)) return false;
      const property = this.resolve(properties[name]);
      const type = isObject(property) ? typeOfNode(property) : undefined;
      return !ENTITY_MEMBERS.has(name) && ['string', 'integer', 'number'].includes(type ?? '');
    };
    if (option !== undefined) {
      if (!usable(option)) {
        throw new TypeError(
          `key ${key}=${option}: components.schemas.${key} has no string or number property \`${option}\``,
        );
      }
      return option;
    }
    const where = `components.schemas.${key}`;
    const extension = isObject(target) ? target[KEY_EXTENSION] : undefined;
    if (extension !== undefined) {
      if (usable(extension)) return extension;
      this.report.add(
        where,
        `${KEY_EXTENSION} ${JSON.stringify(extension)} names no string or number property of it (ignored)`,
      );
    }
    if (objectLike && this.hasId(schema)) return 'id';
    const found = [...(named ?? [])].filter(([property]) => usable(property));
    // `/repos/{owner}/{repo}/variables/{name}`: a name is unique in its repository only, and
    // two records taken for one would mix; such a path is no evidence.
    const candidates = found.filter(([, path]) => !path.scoped);
    if (candidates.length === 1) return candidates[0][0];
    if (served !== undefined && objectLike && Object.keys(properties).length > 0) {
      const scoped = found.find(([, path]) => path.scoped);
      const why =
        candidates.length > 1
          ? `its item paths name several of its properties (${candidates.map(([property, { path }]) => `\`${property}\` in ${path}`).join(', ')})`
          : scoped
            ? `it has no required \`id\`, and its item path ${scoped[1].path} names \`${scoped[0]}\` within other parameters only (unique there, maybe not everywhere)`
            : 'it has no required `id`, and no item path parameter names one of its properties';
      this.report.add(
        where,
        `left plain, not an Entity, though ${served} answers it: ${why}. Name its key with \`${KEY_EXTENSION}\` on the schema or \`--key ${key}=<property>\``,
      );
    }
    return undefined;
  }

  /**
   * For each component schema, the properties that item path parameters name (to the first such
   * path), where an operation of that path answers or takes the schema itself; and the first
   * operation that answers it on an item path or in a list (a resource of the API).
   */
  private itemPaths(): {
    named: Map<string, Map<string, ItemPath>>;
    served: Map<string, string>;
  } {
    const named = new Map<string, Map<string, ItemPath>>();
    const served = new Map<string, string>();
    const flat = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
    const paths = isObject(this.document.paths) ? this.document.paths : {};
    for (const [path, raw] of Object.entries(paths)) {
      const item = deref(this.document, raw);
      if (!isObject(item)) continue;
      const parameter = /\/\{([^{}]+)\}$/.exec(path)?.[1];
      const scoped = (path.match(/\{/g) ?? []).length > 1;
      for (const method of METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const answer = this.jsonSchema(this.firstSuccess(operation));
        const taken = this.jsonSchema(deref(this.document, operation.requestBody));
        const listed = method === 'get' && isObject(answer) ? this.resolve(answer) : undefined;
        const element =
          isObject(listed) && listed.type === 'array' ? this.component(listed.items) : undefined;
        if (element && !served.has(element.key)) served.set(element.key, `GET ${path}`);
        if (parameter === undefined) continue;
        for (const schema of [answer, taken]) {
          const component = this.component(schema);
          if (!component) continue;
          if (method === 'get' && schema === answer && !served.has(component.key))
            served.set(component.key, `GET ${path}`);
          const { properties } = this.shape(component.schema);
          const wanted = flat(parameter);
          for (const property of Object.keys(properties)) {
            const own = flat(property);
            if (wanted !== own && wanted !== flat(component.key) + own) continue;
            const found = named.get(component.key) ?? new Map<string, ItemPath>();
            // An unscoped path is the better evidence: it replaces a scoped one.
            if (!found.has(property) || (found.get(property)?.scoped && !scoped))
              found.set(property, { path, scoped });
            named.set(component.key, found);
          }
        }
      }
    }
    return { named, served };
  }

  /** The first 2xx response of an operation, `$ref`s followed. */
  firstSuccess(operation: Json): unknown {
    const responses = isObject(operation.responses) ? operation.responses : {};
    const code = Object.keys(responses)
      .filter((status) => /^2(\d\d|XX)$/i.test(status))
      .sort()[0];
    return code === undefined ? undefined : deref(this.document, responses[code]);
  }

  /** The schema of a request body's or response's JSON content, if it has one. */
  jsonSchema(message: unknown): unknown {
    if (!isObject(message) || !isObject(message.content)) return undefined;
    const type = Object.keys(message.content).find((media) => JSON_TYPE.test(media));
    const media = type === undefined ? undefined : message.content[type];
    return isObject(media) ? media.schema : undefined;
  }

  /** The component a `$ref` names, when it is a local component schema. */
  component(schema: unknown): Component | undefined {
    if (!isObject(schema) || typeof schema.$ref !== 'string') return undefined;
    const key = COMPONENT.exec(schema.$ref)?.[1];
    return key === undefined
      ? undefined
      : this.components.get(decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~'));
  }

  /** Properties and required names of an object schema, allOf members merged in. */
  shape(schema: unknown, seen = new Set<unknown>()): { properties: Json; required: Set<string> } {
    const properties: Json = {};
    const required = new Set<string>();
    const target = this.resolve(schema);
    if (!isObject(target) || seen.has(target)) return { properties, required };
    seen.add(target);
    for (const member of Array.isArray(target.allOf) ? target.allOf : []) {
      const inner = this.shape(member, seen);
      Object.assign(properties, inner.properties);
      for (const name of inner.required) required.add(name);
    }
    if (isObject(target.properties)) Object.assign(properties, target.properties);
    for (const name of Array.isArray(target.required) ? target.required : []) {
      if (typeof name === 'string') required.add(name);
    }
    return { properties, required };
  }

  /** Follows `$ref`s to the schema they name (local ones; others are reported). */
  resolve(schema: unknown): unknown {
    if (isObject(schema) && typeof schema.$ref === 'string' && !schema.$ref.startsWith('#')) {
      this.unresolved.add(schema.$ref);
      this.report.add(schema.$ref, 'external $ref not followed (typed unknown)');
      return undefined;
    }
    return deref(this.document, schema);
  }

  /**
   * A path item, parameter, request body or response with its `$ref`s followed. One that leads
   * nowhere (or to another file, or round in a cycle) is reported at `where`, with what the
   * generated code does without it, and gives undefined.
   */
  follow(value: unknown, where: string, without: string): unknown {
    let node = value;
    const seen = new Set<string>();
    while (isObject(node) && typeof node.$ref === 'string') {
      const ref = node.$ref;
      const problem = !ref.startsWith('#')
        ? 'an external $ref, not followed'
        : seen.has(ref)
          ? 'a $ref cycle'
          : undefined;
      seen.add(ref);
      node = problem ? undefined : resolvePointer(this.document, ref);
      if (node === undefined) {
        this.unresolved.add(ref);
        this.report.add(where, `${problem ?? '$ref to nothing'}: ${ref} (${without})`);
        return undefined;
      }
    }
    return node;
  }

  /** An object schema with a required `id` of a string or number type: an entity. */
  hasId(schema: unknown): boolean {
    const target = this.resolve(schema);
    if (!isObject(target) || (isObject(schema) && schema.$ref !== undefined)) return false;
    if (typeOfNode(target) !== 'object' && !target.properties && !target.allOf) return false;
    const { properties, required } = this.shape(target);
    const id = this.resolve(properties.id);
    return (
      required.has('id') &&
      isObject(id) &&
      ['string', 'integer', 'number'].includes(typeOfNode(id) ?? '')
    );
  }

  /** The TypeScript type of a schema, laid out for `indent`. */
  typeOf(schema: unknown, indent = '', seen: ReadonlySet<unknown> = new Set()): string {
    if (schema === true || schema === undefined) return 'unknown';
    if (schema === false) return 'never';
    if (!isObject(schema)) return 'unknown';
    const component = this.component(schema);
    if (component) {
      // A class cannot be null: a nullable entity schema is `| null` where it is used.
      const orNull = component.entity && isNullable(component.schema);
      return nullable(orNull ? `${component.name} | null` : component.name, schema);
    }
    if (typeof schema.$ref === 'string') {
      const target = this.resolve(schema);
      if (target === undefined) {
        if (schema.$ref.startsWith('#')) {
          this.unresolved.add(schema.$ref);
          this.report.add(schema.$ref, '$ref to nothing (typed unknown)');
        }
        return 'unknown';
      }
      // A local $ref elsewhere than components.schemas: its type inline (once: cycles are unknown).
      if (seen.has(target)) return 'unknown';
      return this.typeOf(target, indent, new Set([...seen, target]));
    }
    return nullable(this.bareType(schema, indent, seen), schema);
  }

  private bareType(schema: Json, indent: string, seen: ReadonlySet<unknown>): string {
    if ('const' in schema) return literal(schema.const);
    if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      const members = schema.allOf.map((member) => this.typeOf(member, indent, seen));
      const own = schema.properties ? [this.objectType(schema, indent, seen)] : [];
      return [...members, ...own]
        .map((member) => (splitUnion(member).length > 1 ? `(${member})` : member))
        .join(' & ');
    }
    const choices = Array.isArray(schema.oneOf)
      ? schema.oneOf
      : Array.isArray(schema.anyOf)
        ? schema.anyOf
        : undefined;
    if (choices && choices.length > 0)
      return union(choices.map((choice) => this.typeOf(choice, indent, seen)));
    const types = Array.isArray(schema.type) ? schema.type : [typeOfNode(schema)];
    return union(
      types.map((type) => {
        switch (type) {
          case 'string':
            return 'string';
          case 'integer':
          case 'number':
            return 'number';
          case 'boolean':
            return 'boolean';
          case 'null':
            return 'null';
          case 'array': {
            const item = this.typeOf(schema.items, indent, seen);
            const compound = splitUnion(item).length > 1 || splitUnion(item, ' & ').length > 1;
            return compound ? `(${item})[]` : `${item}[]`;
          }
          case 'object':
            return this.objectType(schema, indent, seen);
          default:
            return 'unknown';
        }
      }),
    );
  }

  /** An object schema as a type literal (members on lines of their own). */
  objectType(schema: Json, indent: string, seen: ReadonlySet<unknown>): string {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const inner = `${indent}  `;
    const lines = Object.entries(properties).map(([key, property]) => {
      const type = this.typeOf(property, inner, seen);
      return typedLine(inner, `${propertyKey(key)}${required.has(key) ? '' : '?'}: `, type, ';');
    });
    const extra = schema.additionalProperties;
    if (extra !== undefined && extra !== false) {
      const type = lines.length > 0 || extra === true ? 'unknown' : this.typeOf(extra, inner, seen);
      lines.push(typedLine(inner, '[key: string]: ', type, ';'));
    }
    if (lines.length === 0)
      return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
    return `{\n${lines.join('\n')}\n${indent}}`;
  }

  /** How a value of this schema is normalized, or undefined when it holds no entity. */
  norm(schema: unknown, where: string, seen: ReadonlySet<unknown> = new Set()): Norm | undefined {
    const component = this.component(schema);
    if (component?.entity) return { kind: 'entity', name: component.name };
    const target = this.resolve(schema);
    if (!isObject(target) || seen.has(target)) return undefined;
    const next = new Set([...seen, target]);
    const choices = Array.isArray(target.oneOf)
      ? target.oneOf
      : Array.isArray(target.anyOf)
        ? target.anyOf
        : undefined;
    if (choices) {
      const each = choices.map((choice) => this.norm(choice, where, next));
      const norms = each.filter((norm) => norm !== undefined);
      if (norms.length > 1) {
        this.report.add(
          where,
          'a choice (oneOf/anyOf) of several entities is not normalized (kept as plain data)',
        );
        return undefined;
      }
      // Only null may stand beside entities, or beside an object or list holding them (another
      // object or list, too): a string where an entity belongs reads as a reference to a record
      // the store does not hold, so Stripe's "an id or the expanded object" would read as
      // nothing when not expanded; the store refuses one where an object or list belongs.
      const kind = norms[0]?.kind;
      const other = (choice: unknown, index: number) => {
        if (each[index] !== undefined) return false;
        const member = this.resolve(choice);
        if (!isObject(member)) return true;
        const type = member.allOf ? 'object' : typeOfNode(member);
        return type !== 'null' && (kind === 'entity' || type !== kind);
      };
      if (kind !== undefined && choices.some(other)) {
        this.report.add(
          where,
          `a choice (oneOf/anyOf) between ${kind === 'entity' ? 'an entity' : 'data holding entities'} and other data (an id?) is not normalized (kept as plain data)`,
        );
        return undefined;
      }
      return norms[0];
    }
    if (Array.isArray(target.allOf) && target.allOf.length === 1 && !target.properties) {
      return this.norm(target.allOf[0], where, next);
    }
    if (typeOfNode(target) === 'array') {
      const of = this.norm(target.items, where, next);
      return of && { kind: 'array', of };
    }
    const fields: [string, Norm][] = [];
    for (const [key, property] of Object.entries(this.shape(target).properties)) {
      const norm = this.norm(property, `${where}.${key}`, next);
      if (norm) fields.push([key, norm]);
    }
    return fields.length > 0 ? { kind: 'object', fields } : undefined;
  }
}

/** The schema's `type`, inferred from its keywords when it has none. */
export function typeOfNode(schema: Json): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** A Norm as code: `Pet`, `[Pet]`, `{ owner: User }`, on one line when it fits. */
export function renderNorm(norm: Norm, indent: string, room: number): string {
  const flat = flatNorm(norm);
  if (flat.length <= room || norm.kind === 'entity') return flat;
  const inner = `${indent}  `;
  if (norm.kind === 'array') {
    return `[\n${inner}${renderNorm(norm.of, inner, LINE_WIDTH - inner.length - 1)},\n${indent}]`;
  }
  const lines = norm.fields.map(([key, field]) => {
    const head = `${inner}${propertyKey(key)}: `;
    return `${head}${renderNorm(field, inner, LINE_WIDTH - head.length - 1)},`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function flatNorm(norm: Norm): string {
  if (norm.kind === 'entity') return norm.name;
  if (norm.kind === 'array') return `[${flatNorm(norm.of)}]`;
  return `{ ${norm.fields.map(([key, field]) => `${propertyKey(key)}: ${flatNorm(field)}`).join(', ')} }`;
}

function nullable(type: string, schema: Json): string {
  if (schema.nullable !== true || type === 'unknown' || splitNull(type)) return type;
  return splitUnion(type, ' & ').length > 1 ? `(${type}) | null` : `${type} | null`;
}

function isNullable(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
}

function splitNull(type: string): boolean {
  return type === 'null' || type.endsWith(' | null');
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes('unknown')) return 'unknown';
  if (unique.length === 0) return 'never';
  if (unique.length === 1) return unique[0];
  return unique
    .map((type) => (splitUnion(type, ' & ').length > 1 ? `(${type})` : type))
    .join(' | ');
}

export function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return 'unknown';
}

/** Used by the endpoints: a request body or response schema reached through `$ref`s. */
export function schemaAt(document: Json, node: unknown): unknown {
  const target = deref(document, node);
  return isObject(target) && typeof target.$ref === 'string'
    ? resolvePointer(document, target.$ref)
    : target;
}
