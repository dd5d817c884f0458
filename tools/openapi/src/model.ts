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
  /** True when it is an object with an `id`: an Entity class. */
  readonly entity: boolean;
}

export class Model {
  readonly components = new Map<string, Component>();
  readonly names = new NameRegistry();

  constructor(
    readonly document: Json,
    readonly report: Report,
  ) {
    const schemas = isObject(document.components) ? document.components.schemas : undefined;
    for (const [key, schema] of Object.entries(isObject(schemas) ? schemas : {})) {
      const name = this.names.claim(pascalCase(key), 'Model');
      this.components.set(key, { key, name, schema, entity: false });
    }
    for (const component of this.components.values()) {
      const entity = this.hasId(component.schema);
      this.components.set(component.key, { ...component, entity });
    }
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
      this.report.add(schema.$ref, 'external $ref not followed (typed unknown)');
      return undefined;
    }
    return deref(this.document, schema);
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
        if (schema.$ref.startsWith('#'))
          this.report.add(schema.$ref, '$ref to nothing (typed unknown)');
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
      const norms = choices
        .map((choice) => this.norm(choice, where, next))
        .filter((norm) => norm !== undefined);
      if (norms.length > 1) {
        this.report.add(
          where,
          'a choice (oneOf/anyOf) of several entities is not normalized (kept as plain data)',
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
