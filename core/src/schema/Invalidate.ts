import { describeSchema } from './describeSchema';
import { message } from './development';
import type {
  EntityLike,
  FieldKey,
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
} from './interface';
import { isEntityLike } from './interface';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { checkPk } from './pk';
import { processInput } from './processInput';
import { SchemaError } from './SchemaError';
import { isUnion } from './schemaKinds';
import type { Union } from './Union';

type EntityMap = Record<string, EntityLike>;

/**
 * Marks the entities a response names as INVALID: they drop out of lists and collections, and
 * a result that requires one becomes invalid (refetch). Forms: `new Invalidate(Entity)`,
 * `new Invalidate(union)`, `new Invalidate(entityMap, schemaAttribute)`; wrap in `[ ]` for lists.
 */
export class Invalidate<
  E extends EntityLike | Union | EntityMap = EntityLike | Union | EntityMap,
> extends Polymorphic {
  declare readonly schema: EntityLike | EntityMap;
  /** The definition given (type-level only). */
  declare readonly definition: E;

  constructor(entity: E, schemaAttribute?: E extends EntityMap ? SchemaAttribute : undefined) {
    if (isUnion(entity)) {
      super(entity.schema, entity.schemaAttribute);
    } else if (isEntityLike(entity)) {
      super(entity);
    } else {
      if (schemaAttribute === undefined) {
        throw new SchemaError(
          'Invalidate',
          message(
            'TSR05',
            () =>
              process.env.NODE_ENV !== 'production' &&
              'schemaAttribute is required with an entity map',
          ),
          entity,
        );
      }
      super(entity, schemaAttribute);
    }
  }

  /** Table key of the invalidated entity (single-entity form). */
  get key(): string {
    if (this.isSingleSchema) return describeSchema(this.schema);
    const map = this.schema as EntityMap;
    const members = Object.keys(map).map((choice) => describeSchema(map[choice]));
    return `Invalidate(${members.join('|')})`;
  }

  normalize(input: unknown, parent: unknown, key: FieldKey, delegate: INormalizeDelegate): unknown {
    const entity = this.inferSchema(input, parent, key) as EntityLike | undefined;
    if (entity === undefined) {
      // A type the entity map does not know: nothing of ours to invalidate.
      this.warnUnknown(input, parent, key);
      return undefined;
    }
    let pk: string;
    if (typeof input === 'string' || typeof input === 'number') {
      pk = checkPk(entity, input, input);
    } else if (input !== null && typeof input === 'object') {
      const processed = processInput(entity, input, parent, key, delegate.args);
      pk = checkPk(entity, entity.pk(processed, parent, key, delegate.args), input);
    } else {
      throw new SchemaError(
        entity.key,
        message(
          'TSR06',
          () =>
            process.env.NODE_ENV !== 'production' &&
            'expected the entity (or its primary key) to invalidate',
        ),
        input,
      );
    }
    delegate.invalidate(entity, pk);
    if (this.isSingleSchema) return pk;
    const map = this.schema as EntityMap;
    const choice = Object.keys(map).find((name) => map[name] === entity) as string;
    return { id: pk, schema: choice };
  }

  denormalize(input: unknown, delegate: IDenormalizeDelegate): unknown {
    return this.denormalizeValue(input, delegate);
  }

  queryKey(_args: readonly unknown[], _delegate: IQueryDelegate): unknown {
    return undefined;
  }
}
