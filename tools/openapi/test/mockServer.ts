// An msw server answering every operation of a document with the document's own examples
// (or, where it gives none, a value made from the response schema), and the arguments to call
// each operation with.
import { deref, isObject, type Json } from '../src/document';

export const BASE = 'http://openapi.test';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface MockOperation {
  readonly method: (typeof METHODS)[number];
  readonly path: string;
  readonly operationId: string | undefined;
  /** The msw path (`/pets/:p0`: msw has a path syntax of its own). */
  readonly mswPath: string;
  readonly status: number;
  /** The response body (undefined: none). */
  readonly body: unknown;
  /** Path and required query parameters, from their examples. */
  readonly params: Record<string, unknown>;
}

export function mockOperations(document: Json): MockOperation[] {
  const operations: MockOperation[] = [];
  for (const [path, rawItem] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    const item = deref(document, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      let index = 0;
      const mswPath = path.replace(/\{[^}]*\}/g, () => `:p${index++}`);
      const responses = isObject(operation.responses) ? operation.responses : {};
      const code = Object.keys(responses)
        .filter((status) => /^2\d\d$/.test(status))
        .sort()[0];
      const response = deref(document, code === undefined ? undefined : responses[code]);
      const content = isObject(response) && isObject(response.content) ? response.content : {};
      const jsonType = Object.keys(content).find((type) => /json/i.test(type));
      const media = jsonType === undefined ? undefined : deref(document, content[jsonType]);
      const params: Record<string, unknown> = {};
      const parameters = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ];
      for (const raw of parameters) {
        const parameter = deref(document, raw);
        if (!isObject(parameter) || typeof parameter.name !== 'string') continue;
        if (parameter.in === 'path' || (parameter.in === 'query' && parameter.required === true)) {
          const value = exampleOf(document, parameter) ?? sample(document, parameter.schema, 0);
          params[parameter.name] = typeof value === 'object' || value === null ? 'x' : value;
        }
      }
      for (const name of path.match(/\{([^}]*)\}/g) ?? []) {
        const key = name.slice(1, -1);
        if (params[key] === undefined || params[key] === '') params[key] = 'x';
      }
      operations.push({
        method,
        path,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        mswPath,
        status: Number(code ?? 200),
        body: isObject(media) ? bodyOf(document, media) : undefined,
        params,
      });
    }
  }
  return operations;
}

/**
 * The response body: its example (a `$ref` to components.examples followed, JSON given as a
 * string parsed), else a value made from its schema.
 */
function bodyOf(document: Json, media: Json): unknown {
  let example = exampleOf(document, media);
  const target = deref(document, example);
  if (target !== example) example = isObject(target) ? target.value : undefined;
  if (typeof example === 'string' && /^\s*[[{]/.test(example)) {
    try {
      example = JSON.parse(example);
    } catch {
      // Not JSON after all: a string it stays.
    }
  }
  return example ?? sample(document, media.schema, 0);
}

/** `example`, or the first of `examples` (a `$ref` to components.examples followed). */
function exampleOf(document: Json, node: Json): unknown {
  if (node.example !== undefined) return node.example;
  if (isObject(node.examples)) {
    const first = deref(document, Object.values(node.examples)[0]);
    if (isObject(first) && first.value !== undefined) return first.value;
  }
  const schema = deref(document, node.schema);
  return isObject(schema) && schema.example !== undefined ? schema.example : undefined;
}

/** A value of the schema: its example, default or first enum value, else a plain one. */
function sample(document: Json, raw: unknown, depth: number): unknown {
  const schema = deref(document, raw);
  // Deep down, objects and lists end (null), while a scalar still gets a value: an entity there
  // keeps its id.
  if (!isObject(schema) || depth > 12) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const choices = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choices)) return sample(document, choices[0], depth + 1);
  if (Array.isArray(schema.allOf)) {
    if (depth > 6) return null;
    return Object.assign({}, ...schema.allOf.map((member) => sample(document, member, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined)) {
    case 'string':
      return 'text';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 6 ? null : [sample(document, schema.items, depth + 1)];
    case 'object': {
      if (depth > 6) return null;
      const value: Record<string, unknown> = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      for (const [key, property] of Object.entries(properties)) {
        value[key] = sample(document, property, depth + 1);
      }
      return value;
    }
    default:
      return null;
  }
}
