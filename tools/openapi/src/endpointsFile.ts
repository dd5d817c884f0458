// endpoints.ts of the output: one RestEndpoint per operation.
import { isObject, type Json } from './document';
import { declarationOf, LINE_WIDTH, typedLine } from './format';
import { JSON_TYPE, type Model, renderNorm } from './model';
import { camelCase, isIdentifier, pascalCase, propertyKey, quote } from './names';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface Operation {
  readonly name: string;
  readonly method: string;
  /** The OpenAPI path (`/pets/{petId}`). */
  readonly path: string;
  readonly json: Json;
}

/** Operations in document order, each with a unique name (its operationId, else method + path). */
export function operationsOf(model: Model): Operation[] {
  const operations: Operation[] = [];
  const paths = isObject(model.document.paths) ? model.document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    const pathItem = model.follow(item, `paths.${path}`, 'no endpoint for its operations');
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const json = pathItem[method];
      if (!isObject(json)) continue;
      const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
      const own = Array.isArray(json.parameters) ? json.parameters : [];
      const id = typeof json.operationId === 'string' ? json.operationId : `${method} ${path}`;
      const name = model.names.claim(camelCase(id), 'Endpoint');
      const where = `${method.toUpperCase()} ${path}`;
      operations.push({
        name,
        method,
        path,
        json: { ...json, parameters: mergeParameters(model, where, shared, own) },
      });
    }
  }
  return operations;
}

/** Path-level parameters, overridden by the operation's own of the same name and place. */
function mergeParameters(model: Model, where: string, shared: unknown[], own: unknown[]): Json[] {
  const byKey = new Map<string, Json>();
  for (const raw of [...shared, ...own]) {
    const parameter = model.follow(raw, `${where} parameter`, 'the parameter is left out');
    if (isObject(parameter) && typeof parameter.name === 'string') {
      byKey.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}

/** `/pets/{petId}` in the path-to-regexp v8 syntax of docs/reference/path-templates.md. */
export function pathTemplate(path: string): string {
  let template = '';
  const parts = path.split(/(\{[^}]*\})/);
  for (const [index, part] of parts.entries()) {
    if (index % 2 === 0) {
      // Literal text: the characters v8 would read as syntax are escaped.
      template += part.replace(/[{}()[\]!*:\\]/g, '\\$&');
      continue;
    }
    const name = part.slice(1, -1);
    const next = parts[index + 1]?.[0] ?? '';
    const bare = isIdentifier(name) && !/[$\p{ID_Continue}]/u.test(next);
    template += bare ? `:${name}` : `:"${name.replace(/["\\]/g, '\\$&')}"`;
  }
  return template;
}

export function endpointsFile(model: Model, operations: Operation[], header: string): string {
  const used = new Set<string>();
  const values = new Set<string>();
  const blocks = operations.map((operation) => endpoint(model, operation, used, values));
  const core = [
    'RestEndpoint',
    ...(blocks.some((block) => block.includes('new Collection(')) ? ['Collection'] : []),
  ].sort();
  const schemas = [...used].sort(byName);
  const imports = [
    `import { ${core.join(', ')} } from '@tessera/core';`,
    ...(schemas.length > 0 ? [importLine(schemas, values)] : []),
  ];
  return `${header}${imports.join('\n')}\n\n${urlPrefixLine(model)}\n\n${blocks.join('\n\n')}\n`;
}

/**
 * Sorted as biome sorts imports: letter by letter ignoring case, where two letters differ only
 * in case the capital first, and runs of digits by their value.
 */
export function byName(a: string, b: string): number {
  const pattern = /\d+|\D/g;
  const left = a.match(pattern) ?? [];
  const right = b.match(pattern) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [x, y] = [left[i], right[i]];
    if (x === y) continue;
    if (/\d/.test(x) && /\d/.test(y)) return Number(x) - Number(y) || x.length - y.length;
    const [lx, ly] = [x.toLowerCase(), y.toLowerCase()];
    if (lx !== ly) return lx < ly ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

function importLine(names: string[], values: Set<string>): string {
  const specifiers = names.map((name) => (values.has(name) ? name : `type ${name}`));
  const allTypes = specifiers.every((specifier) => specifier.startsWith('type '));
  const list = allTypes ? names : specifiers;
  const keyword = allTypes ? 'import type' : 'import';
  const line = `${keyword} { ${list.join(', ')} } from './schemas';`;
  if (line.length <= 100) return line;
  return `${keyword} {\n${list.map((name) => `  ${name},`).join('\n')}\n} from './schemas';`;
}

/** The first server's URL, its variables at their defaults. */
function urlPrefixLine(model: Model): string {
  const server = Array.isArray(model.document.servers) ? model.document.servers[0] : undefined;
  let url = isObject(server) && typeof server.url === 'string' ? server.url : '';
  const variables = isObject(server) && isObject(server.variables) ? server.variables : {};
  url = url.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : match;
  });
  if (/\{/.test(url))
    model.report.add('servers[0].url', `variables without a default left in the URL: ${url}`);
  return `/** The first server of the document; \`endpoint.extend({ urlPrefix })\` for another. */\nexport const urlPrefix = ${quote(url.replace(/\/$/, ''))};`;
}

function endpoint(
  model: Model,
  operation: Operation,
  used: Set<string>,
  values: Set<string>,
): string {
  const { json, method, path } = operation;
  /** Types that span lines are declared before the endpoint, named after it. */
  const declarations: string[] = [];
  const named = (type: string, suffix: string) => {
    if (!type.includes('\n')) return type;
    const name = model.names.claim(`${pascalCase(operation.name)}${suffix}`, 'Type');
    declarations.push(declarationOf(name, type));
    return name;
  };
  const where = `${method.toUpperCase()} ${path}`;
  const options: string[] = ['  urlPrefix,', `  path: ${quote(pathTemplate(path))},`];
  if (method !== 'get') options.push(`  method: ${quote(method.toUpperCase())},`);
  const parameters = json.parameters as Json[];
  const query = parameters.filter((parameter) => parameter.in === 'query');
  for (const parameter of parameters.filter((p) => p.in === 'header' || p.in === 'cookie')) {
    model.report.add(
      where,
      `${parameter.in} parameter \`${parameter.name}\` not mapped (send it from getHeaders or requestInit)`,
    );
  }
  if (query.length > 0) {
    const members = query.map((parameter) => {
      if (mayBeObject(model, parameter.schema)) {
        model.report.add(
          where,
          `query parameter \`${parameter.name}\` is an object: the default searchToString refuses nested objects (override it)`,
        );
      }
      const type = model.typeOf(parameter.schema, '    ');
      return typedLine(
        '    ',
        `${propertyKey(String(parameter.name))}${parameter.required === true ? '' : '?'}: `,
        type,
        ';',
      );
    });
    options.push(`  searchParams: {} as {\n${members.join('\n')}\n  },`);
  }
  // fetch refuses a body on GET and HEAD (a TypeError): a declared one cannot be sent.
  const bodiless = method === 'get' || method === 'head';
  if (bodiless && json.requestBody !== undefined) {
    model.report.add(where, 'request body ignored (fetch sends none with GET or HEAD)');
  }
  const body = bodiless ? undefined : requestBody(model, json, where);
  if (body) options.push(typedLine('  ', 'body: {} as ', named(body, 'Body'), ','));
  else if (['post', 'put', 'patch'].includes(method)) options.push('  body: undefined,');
  // With a body and only optional parameters a call is `(params, body)` or `(body)`; TypeScript
  // matches a one-parameter `process` against neither, so it takes the call's arguments too.
  const optionalParams =
    !!body && !/\{/.test(path) && query.length > 0 && query.every((p) => p.required !== true);
  options.push(...response(model, json, where, method, named, optionalParams));
  options.push(
    `  name: ${quote(typeof json.operationId === 'string' ? json.operationId : where)},`,
  );
  const code = `export const ${operation.name} = new RestEndpoint({\n${options.join('\n')}\n});`;
  const components = new Set([...model.components.values()].map((component) => component.name));
  for (const text of [code, ...declarations]) {
    for (const match of text.matchAll(/\b[A-Z][\w$]*\b/g))
      if (components.has(match[0])) used.add(match[0]);
  }
  for (const line of options.filter((option) => option.startsWith('  schema: '))) {
    for (const match of line.matchAll(/\b[A-Z][\w$]*\b/g))
      if (components.has(match[0])) values.add(match[0]);
  }
  const summary =
    typeof json.summary === 'string'
      ? json.summary.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()
      : '';
  const doc = `/** ${summary ? `${summary} ` : ''}(${where.replace(/\*\//g, '*\\/')}) */\n`;
  return [...declarations, `${doc}${code}`].join('\n\n');
}

/** The body's type, or undefined when the operation has none. */
function requestBody(model: Model, json: Json, where: string): string | undefined {
  const body = model.follow(json.requestBody, `${where} request body`, 'the body is typed unknown');
  if (json.requestBody !== undefined && body === undefined) return 'unknown';
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const types = Object.keys(body.content);
  const jsonType = types.find((type) => JSON_TYPE.test(type));
  if (jsonType) {
    const media = body.content[jsonType];
    return model.typeOf(isObject(media) ? media.schema : undefined);
  }
  if (types.some((type) => /^multipart\/form-data/i.test(type))) return 'FormData';
  if (types.some((type) => /^application\/x-www-form-urlencoded/i.test(type)))
    return 'URLSearchParams';
  if (types.some((type) => /^text\//i.test(type))) return 'string';
  if (
    types.length > 0 &&
    !types.some((type) => /octet-stream|^image\/|^audio\/|^video\/|pdf|zip/i.test(type))
  ) {
    model.report.add(where, `request body ${types.join(', ')} not typed (sent as it is: BodyInit)`);
    return 'BodyInit';
  }
  return types.length > 0 ? 'Blob' : undefined;
}

/** schema / process / content options from the first success response. */
function response(
  model: Model,
  json: Json,
  where: string,
  method: string,
  named: (type: string, suffix: string) => string,
  optionalParams: boolean,
): string[] {
  const responses = isObject(json.responses) ? json.responses : {};
  const code = Object.keys(responses)
    .filter((status) => /^2(\d\d|XX)$/i.test(status))
    .sort()[0];
  const chosen = model.follow(
    code === undefined ? undefined : responses[code],
    `${where} response ${code}`,
    'no response schema: the answer is not typed or normalized',
  );
  if (!isObject(chosen) || !isObject(chosen.content)) return [];
  const types = Object.keys(chosen.content);
  const jsonType = types.find((type) => JSON_TYPE.test(type));
  if (!jsonType) {
    if (types.length === 0) return [];
    return types.every((type) => /^text\//i.test(type))
      ? ["  content: 'text',"]
      : ["  content: 'blob',"];
  }
  const media = chosen.content[jsonType];
  const schema = isObject(media) ? media.schema : undefined;
  const norm = model.norm(schema, `${where} response`);
  if (norm) {
    if (norm.kind === 'array' && norm.of.kind === 'entity' && method === 'get') {
      return [`  schema: new Collection([${norm.of.name}]),`];
    }
    const head = '  schema: ';
    return [`${head}${renderNorm(norm, '  ', LINE_WIDTH - head.length - 1)},`];
  }
  if (schema === undefined) return [];
  const type = model.typeOf(schema);
  return type === 'unknown'
    ? []
    : [
        typedLine(
          '  ',
          'process: (value: ',
          named(type, 'Response'),
          `${optionalParams ? ', ..._args: unknown[]' : ''}) => value,`,
        ),
      ];
}

/** An object schema, or a choice (oneOf/anyOf) one of whose members is. */
function mayBeObject(model: Model, raw: unknown, seen = new Set<unknown>()): boolean {
  const schema = model.resolve(raw);
  if (!isObject(schema) || seen.has(schema)) return false;
  seen.add(schema);
  if (schema.type === 'object' || schema.properties) return true;
  const choices = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  return choices.some((choice) => mayBeObject(model, choice, seen));
}
