import { message } from './development';
import type {
  FieldKey,
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
} from './interface';
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

  /** Looks an entity up when the args name the attribute (only for a string schemaAttribute). */
  queryKey(args: readonly unknown[], delegate: IQueryDelegate): unknown {
    const params = args[0];
    if (this.attributeName === undefined || params === null || typeof params !== 'object')
      return undefined;
    const choice = (params as Record<string, unknown>)[this.attributeName];
    if (typeof choice !== 'string' || !Object.hasOwn(this.schema, choice)) return undefined;
    const id = delegate.queryKey(this.schema[choice], args);
    return id === undefined ? undefined : { id, schema: choice };
  }
}
