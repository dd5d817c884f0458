import { describeSchema } from './describeSchema';
import { message, warnInDevelopment } from './development';
import type {
  EntityLike,
  FieldKey,
  IDenormalizeDelegate,
  INormalizeDelegate,
  IQueryDelegate,
} from './interface';
import { isEntityLike } from './interface';
import {
  type AttributeFunction,
  attributeFunction,
  denormalizeMember,
  inferMember,
  MemberSchema,
  type SchemaAttribute,
  unknownMemberWarning,
} from './Polymorphic';
import { checkPk } from './pk';
import { processInput } from './processInput';
import { SchemaError } from './SchemaError';
import { isUnion } from './schemaKinds';
import type { Union } from './Union';

type EntityMap = Record<string, EntityLike>;

/**
 * The union each union-form invalidation chooses by (with its own methods). The entity map form
 * chooses in `Invalidate`'s overrides, the only class given a `schemaAttribute`.
 */
const unions = new WeakMap<object, Union>();

/**
 * `new Invalidate(Entity)` and `new Invalidate(union)` (which chooses through the union's own
 * code): what `resource()` builds. `Invalidate` adds the entity map form, so an app that never
 * gives one carries none of that code. Typed as an `Invalidate` wherever it is seen (the two
 * have the same members).
 */
export class InvalidateEntity<
  E extends EntityLike | Union | EntityMap = EntityLike | Union | EntityMap,
> extends MemberSchema {
  declare readonly schema: EntityLike | EntityMap;
  /** The definition given (type-level only). */
  declare readonly definition: E;

  constructor(entity: E, schemaAttribute?: AttributeFunction) {
    if (isUnion(entity)) {
      super(entity.schema, entity.schemaAttribute);
      unions.set(this, entity);
    } else {
      if (schemaAttribute === undefined && !isEntityLike(entity)) {
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

  override inferSchema(value: unknown, parent: unknown, key: FieldKey): unknown {
    if (this.schemaAttribute === undefined) return this.schema;
    return unions.get(this)!.inferSchema(value, parent, key);
  }

  override denormalizeValue(value: unknown, delegate: IDenormalizeDelegate): unknown {
    if (this.schemaAttribute === undefined) return delegate.unvisit(this.schema, value);
    return unions.get(this)!.denormalizeValue(value, delegate);
  }

  normalize(input: unknown, parent: unknown, key: FieldKey, delegate: INormalizeDelegate): unknown {
    const entity = this.inferSchema(input, parent, key) as EntityLike | undefined;
    if (entity === undefined) {
      // A type the entity map does not know: nothing of ours to invalidate.
      warnInDevelopment(
        () =>
          process.env.NODE_ENV !== 'production' && unknownMemberWarning(this, input, parent, key),
      );
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

/**
 * Marks the entities a response names as INVALID: they drop out of lists and collections, and
 * a result that requires one becomes invalid (refetch). Forms: `new Invalidate(Entity)`,
 * `new Invalidate(union)`, `new Invalidate(entityMap, schemaAttribute)`; wrap in `[ ]` for lists.
 */
export class Invalidate<
  E extends EntityLike | Union | EntityMap = EntityLike | Union | EntityMap,
> extends InvalidateEntity<E> {
  constructor(entity: E, schemaAttribute?: E extends EntityMap ? SchemaAttribute : undefined) {
    const map = !isUnion(entity) && !isEntityLike(entity);
    super(entity, map ? attributeFunction(schemaAttribute) : undefined);
  }

  /**
   * An `InvalidateEntity` (what `resource()` builds) is an `Invalidate` to users: only the map
   * form's code is left out of it. A subclass checks as usual.
   */
  // biome-ignore-start lint/complexity/noThisInStatic: `this` is the class checked (a subclass too)
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this === Invalidate
      ? value instanceof InvalidateEntity
      : Function.prototype[Symbol.hasInstance].call(this, value);
  }
  // biome-ignore-end lint/complexity/noThisInStatic: `this` is the class checked (a subclass too)

  override inferSchema(value: unknown, parent: unknown, key: FieldKey): unknown {
    return inferMember(this, value, parent, key);
  }

  override denormalizeValue(value: unknown, delegate: IDenormalizeDelegate): unknown {
    return denormalizeMember(this, value, delegate);
  }
}
