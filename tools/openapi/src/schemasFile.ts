// schemas.ts of the output: an Entity class per component schema with an id, a type for the rest.
import { isObject, type Json } from './document';
import { declarationOf, LINE_WIDTH, typedLine } from './format';
import { ENTITY_MEMBERS, literal, type Model, type Norm, renderNorm, typeOfNode } from './model';
import { isIdentifier, pascalCase, propertyKey, quote } from './names';

export function schemasFile(model: Model, header: string): string {
  const entities = [...model.components.values()].filter((component) => component.entity);
  const plain = [...model.components.values()].filter((component) => !component.entity);
  const declared = new Set<string>();
  const classes: string[] = [];
  const late: string[] = [];
  for (const component of sortByUse(model, entities)) {
    const declarations: string[] = [];
    const { body, norm } = entityClass(model, component.key, component.name, declarations);
    // A static schema may only name classes declared above it; otherwise it is set after all.
    const names = new Set<string>();
    if (norm) collectEntities(norm, names);
    const inline =
      norm && [...names].every((name) => declared.has(name) || name === component.name);
    declared.add(component.name);
    const lines = [...body];
    if (norm && inline) lines.push(staticSchema(norm));
    if (norm && !inline) {
      const head = `${component.name}.schema = `;
      late.push(`${head}${renderNorm(norm, '', LINE_WIDTH - head.length - 1)};`);
    }
    classes.push(
      ...declarations,
      `/** ${describe(component)} */\nexport class ${component.name} extends Entity {\n${lines.join('\n')}\n}`,
    );
  }
  const types = plain.map((component) => {
    const schema = component.schema;
    const type = model.typeOf(schema);
    return `/** ${describe(component)} */\n${declarationOf(component.name, type)}`;
  });
  const imports = entities.length > 0 ? "import { Entity } from '@tessera/core';\n\n" : '';
  const parts = [...classes, ...late, ...types];
  return `${header}${imports}${parts.join('\n\n')}${parts.length > 0 ? '\n' : 'export {};\n'}`;
}

function describe(component: { key: string; schema: unknown }): string {
  const title =
    isObject(component.schema) && typeof component.schema.title === 'string'
      ? component.schema.title
      : '';
  const text = `${component.key}${title && title !== component.key ? `: ${title}` : ''}`;
  return `${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ')} (components.schemas)`;
}

function staticSchema(norm: Norm): string {
  const head = '  static override schema = ';
  return `${head}${renderNorm(norm, '  ', LINE_WIDTH - head.length - 1)};`;
}

/** The body lines of an entity class and its static schema (when a field holds entities). */
function entityClass(
  model: Model,
  key: string,
  name: string,
  declarations: string[],
): { body: string[]; norm?: Norm } {
  const component = model.components.get(key);
  const { properties, required } = model.shape(component?.schema);
  const body = [`  static override get key() {\n    return ${quote(name)};\n  }`];
  const primaryKey = component?.primaryKey ?? 'id';
  if (primaryKey !== 'id') {
    const field = isIdentifier(primaryKey) ? `.${primaryKey}` : `[${quote(primaryKey)}]`;
    body.unshift(`  pk() {\n    return this${field};\n  }`);
  }
  const fields: string[] = [];
  const norms: [string, ReturnType<Model['norm']>][] = [];
  for (const [field, property] of Object.entries(properties)) {
    if (ENTITY_MEMBERS.has(field)) {
      model.report.add(
        `components.schemas.${key}.${field}`,
        `field not declared on the class (\`${field}\` is an Entity member); it stays in the data`,
      );
      continue;
    }
    fields.push(entityField(model, field, property, required.has(field), name, declarations));
    const norm = model.norm(property, `components.schemas.${key}.${field}`);
    if (norm) norms.push([field, norm]);
  }
  body.unshift(...fields);
  if (norms.length === 0) return { body };
  const norm = {
    kind: 'object' as const,
    fields: norms.map(([field, value]) => [field, value!] as const),
  };
  return { body, norm };
}

/** `name = '';`, `tags: string[] = [];`, `owner = User.fromJS();`, `tag?: string;`. */
function entityField(
  model: Model,
  field: string,
  property: unknown,
  required: boolean,
  owner: string,
  declarations: string[],
): string {
  const key = propertyKey(field);
  const type = model.typeOf(property, '  ');
  if (!required) return typedLine('  ', `${key}?: `, type, ';');
  const target = model.resolve(property);
  const entity = model.component(property);
  if (entity?.entity && !type.endsWith('| null')) return `  ${key} = ${entity.name}.fromJS();`;
  const initial = initialValue(isObject(target) ? target : {}, type);
  if (initial === undefined) return typedLine('  ', `${key}!: `, type, ';');
  const inferred = { "''": 'string', '0': 'number', false: 'boolean' }[initial];
  if (inferred === type || (initial === 'false' && type === 'boolean'))
    return `  ${key} = ${initial};`;
  const line = `  ${key}: ${type} = ${initial};`;
  if (line.length <= LINE_WIDTH && !type.includes('\n')) return line;
  // Too long for one line: the type gets a name of its own, declared before the class.
  const name = model.names.claim(`${owner}${pascalCase(field)}`, 'Type');
  declarations.push(declarationOf(name, model.typeOf(property)));
  return `  ${key}: ${name} = ${initial};`;
}

/** A field's default: the schema's own (a plain value), else the empty value of its type. */
function initialValue(schema: Json, type: string): string | undefined {
  if (type.endsWith('| null') || type === 'null') return 'null';
  const own = schema.default;
  if (
    (['string', 'number', 'boolean'].includes(typeof own) && type.includes(literal(own))) ||
    (typeof own === 'string' && type === 'string') ||
    (typeof own === 'number' && type === 'number') ||
    (typeof own === 'boolean' && type === 'boolean')
  ) {
    return literal(own);
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return literal(schema.enum[0]);
  if ('const' in schema) return literal(schema.const);
  switch (type) {
    case 'string':
      return "''";
    case 'number':
      return '0';
    case 'boolean':
      return 'false';
  }
  if (typeOfNode(schema) === 'array' && type.endsWith('[]')) return '[]';
  return undefined;
}

/** Entities in name order, each after those its fields hold (where there is no cycle). */
function sortByUse<T extends { key: string; name: string }>(model: Model, entities: T[]): T[] {
  const byName = new Map(entities.map((entity) => [entity.name, entity]));
  const sorted: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (entity: T) => {
    if (state.has(entity.name)) return;
    state.set(entity.name, 'visiting');
    const { properties } = model.shape(model.components.get(entity.key)?.schema);
    const uses = new Set<string>();
    for (const [field, property] of Object.entries(properties)) {
      collectEntities(model.norm(property, `components.schemas.${entity.key}.${field}`), uses);
    }
    for (const name of [...uses].sort()) {
      const used = byName.get(name);
      if (used) visit(used);
    }
    state.set(entity.name, 'done');
    sorted.push(entity);
  };
  for (const entity of [...entities].sort((a, b) => (a.name < b.name ? -1 : 1))) visit(entity);
  return sorted;
}

function collectEntities(norm: ReturnType<Model['norm']>, into: Set<string>): void {
  if (!norm) return;
  if (norm.kind === 'entity') into.add(norm.name);
  else if (norm.kind === 'array') collectEntities(norm.of, into);
  else for (const [, field] of norm.fields) collectEntities(field, into);
}
