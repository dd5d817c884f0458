import { message } from './development';
import type {
  FieldKey,
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
} from './interface';
import { getOwn } from './ownProperty';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { SchemaError } from './SchemaError';

/**
 * One of several entity types, chosen by `schemaAttribute` (a field name or a function).
 * Normalizes to `{ id, schema }` where `schema` is the chosen key of the entity map.
 */
export class Union<
  Choices extends Record<string, unknown> = Record<string, unknown>,
> extends Polymorphic {
  declare readonly schema: Choices;

  constructor(definition: Choices, schemaAttribute: SchemaAttribute) {
    if (schemaAttribute === undefined) {
      throw new SchemaError(
        'Union',
        message(
          'TSR13',
          () => process.env.NODE_ENV !== 'production' && 'schemaAttribute is required',
        ),
        definition,
      );
    }
    super(definition, schemaAttribute);
    this.attributeName = typeof schemaAttribute === 'string' ? schemaAttribute : undefined;
  }

  /** Its data is an object or a list, never `null` or a scalar (see `expectsObject`). */
  get objectData(): true {
    return true;
  }

  /** Marks a union for `isUnion` (see schemaKinds.ts). */
  get isUnion(): true {
    return true;
  }

  private readonly attributeName: string | undefined;

  normalize(input: unknown, parent: unknown, key: FieldKey, delegate: INormalizeDelegate): unknown {
    return this.normalizeValue(input, parent, key, delegate);
  }

  denormalize(input: unknown, delegate: IDenormalizeDelegate): unknown {
    return this.denormalizeValue(input, delegate);
  }

  /**
   * Looks an entity up from the args. When they name a member by the attribute (a string
   * schemaAttribute), only that member is searched; otherwise each member in turn, the first
   * that holds the record winning (data-client's Union: `{ id }` finds it whatever its type).
   */
  queryKey(args: readonly unknown[], delegate: IQueryDelegate): unknown {
    const params = args[0];
    if (params === undefined || params === null) return undefined;
    const schemas = this.schema;
    const named =
      this.attributeName !== undefined && typeof params === 'object'
        ? getOwn(params as Record<string, unknown>, this.attributeName)
        : undefined;
    const choices =
      typeof named === 'string' && Object.hasOwn(schemas, named) ? [named] : Object.keys(schemas);
    for (const choice of choices) {
      const id = delegate.queryKey(schemas[choice], args);
      if (id !== undefined) return { id, schema: choice };
    }
    return undefined;
  }
}
