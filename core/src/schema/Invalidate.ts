import { describeSchema } from './describeSchema';
import type { EntityLike, IDenormalizeDelegate, INormalizeDelegate } from './interface';
import { isEntityLike } from './interface';
import { Polymorphic, type SchemaAttribute } from './Polymorphic';
import { checkPk } from './pk';
import { SchemaError } from './SchemaError';
import { Union } from './Union';

type EntityMap = Record<string, EntityLike>;

/**
 * Marks the entities a response names as INVALID: they drop out of lists and collections, and
 * a result that requires one becomes invalid (refetch). Forms: `new Invalidate(Entity)`,
 * `new Invalidate(union)`, `new Invalidate(entityMap, schemaAttribute)`; wrap in `[ ]` for lists.
 */
export class Invalidate<E extends EntityLike | Union | EntityMap = any> extends Polymorphic {
  declare readonly schema: any;
  /** The definition given (type-level only). */
  declare readonly definition: E;

  constructor(entity: E, schemaAttribute?: E extends EntityMap ? SchemaAttribute : undefined) {
    if (entity instanceof Union) {
      super(entity.schema, (entity as any).schemaAttribute);
    } else if (isEntityLike(entity)) {
      super(entity);
    } else {
      if (schemaAttribute === undefined) {
        throw new SchemaError(
          'Invalidate',
          'schemaAttribute is required with an entity map',
          entity,
        );
      }
      super(entity, schemaAttribute);
    }
  }

  /** Table key of the invalidated entity (single-entity form). */
  get key(): string {
    if (this.isSingleSchema) return describeSchema(this.schema);
    const members = Object.keys(this.schema).map((choice) => describeSchema(this.schema[choice]));
    return `Invalidate(${members.join('|')})`;
  }

  normalize(input: any, parent: any, key: any, delegate: INormalizeDelegate): any {
    const entity: EntityLike | undefined = this.inferSchema(input, parent, key);
    if (entity === undefined) {
      // A type the entity map does not know: nothing of ours to invalidate.
      this.warnUnknown(input, parent, key);
      return undefined;
    }
    let pk: string;
    if (typeof input === 'string' || typeof input === 'number') {
      pk = checkPk(entity.key, input, input);
    } else if (input !== null && typeof input === 'object') {
      const processed = (entity as any).process
        ? (entity as any).process(input, parent, key, delegate.args)
        : input;
      pk = checkPk(entity.key, entity.pk(processed, parent, key, delegate.args), input);
    } else {
      throw new SchemaError(
        entity.key,
        'expected the entity (or its primary key) to invalidate',
        input,
      );
    }
    delegate.invalidate(entity, pk);
    if (this.isSingleSchema) return pk;
    const choice = Object.keys(this.schema).find((name) => this.schema[name] === entity) as string;
    return { id: pk, schema: choice };
  }

  denormalize(input: any, delegate: IDenormalizeDelegate): any {
    return this.denormalizeValue(input, delegate);
  }

  queryKey(_args: readonly any[], _delegate: unknown): any {
    return undefined;
  }
}
