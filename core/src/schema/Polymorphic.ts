import { describeSchema } from './describeSchema';
import { warnInDevelopment } from './development';
import type { FieldKey, IDenormalizeDelegate, INormalizeDelegate } from './interface';
import { getOwn, isOwn } from './ownProperty';
import { describeValue } from './SchemaError';

/** Picks the entity map key for a value: an attribute name, or a function of the value. */
export type SchemaAttribute = string | AttributeFunction;

/**
 * `(value, parent, key) => entity map key`. Declared through a method so that a function whose
 * parameters name narrower types (the app's own input shapes) is accepted too (method
 * parameters are bivariant).
 */
export type AttributeFunction = {
  attribute(
    value: object,
    parent: Readonly<Record<string, unknown>> | undefined,
    key: string,
  ): string | undefined;
}['attribute'];

/** An entity map, read by the attribute value a member names. */
type SchemaMap = Readonly<Record<string, unknown>>;

/** A normalized polymorphic reference: the pk and the entity map key it belongs to. */
export interface PolymorphicRef {
  id: string;
  schema: string;
}

/**
 * The schema of a list's (or map's, or invalidation's) members, in its single-schema form: every
 * member has `schema`. `Polymorphic` adds the map form (a map of schemas chosen per value by
 * `schemaAttribute`); the schemas that only ever hold one schema (what `[Entity]`,
 * `new Collection([Entity])` and `resource()` build) extend this class instead, so that an app
 * that never gives a schema map carries none of that code.
 */
export abstract class MemberSchema {
  /** The single schema, or the map of schemas by attribute value. */
  readonly schema: unknown;
  readonly schemaAttribute: AttributeFunction | undefined;

  constructor(definition: unknown, schemaAttribute?: AttributeFunction) {
    this.schema = definition;
    this.schemaAttribute = schemaAttribute;
  }

  get isSingleSchema(): boolean {
    return this.schemaAttribute === undefined;
  }

  /** The schema for one value (the map member its attribute names; undefined if none does). */
  inferSchema(_value: unknown, _parent: unknown, _key: FieldKey): unknown {
    return this.schema;
  }

  /**
   * Normalizes one member (a `{ id, schema }` reference when polymorphic). A member of an
   * unknown type normalizes to undefined, which lists and maps leave out, so one new type on the
   * server does not fail the whole response; development builds warn about it.
   */
  normalizeValue(
    value: unknown,
    parent: unknown,
    key: FieldKey,
    delegate: INormalizeDelegate,
  ): unknown {
    return delegate.visit(this.schema, value, parent, key);
  }

  /** Denormalizes one member. */
  denormalizeValue(value: unknown, delegate: IDenormalizeDelegate): unknown {
    return delegate.unvisit(this.schema, value);
  }
}

/**
 * Shared base of schemas that hold either one schema or a map of schemas chosen per value
 * (Values, Union). ArraySchema and Invalidate extend their single-schema classes instead, and
 * call the same map-form functions below from their own overrides.
 */
export abstract class Polymorphic extends MemberSchema {
  constructor(definition: unknown, schemaAttribute?: SchemaAttribute) {
    super(definition, attributeFunction(schemaAttribute));
  }

  override inferSchema(value: unknown, parent: unknown, key: FieldKey): unknown {
    return inferMember(this, value, parent, key);
  }

  override normalizeValue(
    value: unknown,
    parent: unknown,
    key: FieldKey,
    delegate: INormalizeDelegate,
  ): unknown {
    return normalizeMember(this, value, parent, key, delegate);
  }

  override denormalizeValue(value: unknown, delegate: IDenormalizeDelegate): unknown {
    return denormalizeMember(this, value, delegate);
  }
}

/** A `schemaAttribute` as a function; a name reads that own string field of the value. */
export function attributeFunction(
  schemaAttribute: SchemaAttribute | undefined,
): AttributeFunction | undefined {
  if (typeof schemaAttribute !== 'string') return schemaAttribute;
  return (value: object) => {
    const attribute =
      value === null || typeof value !== 'object'
        ? undefined
        : getOwn(value as SchemaMap, schemaAttribute);
    return typeof attribute === 'string' ? attribute : undefined;
  };
}

/**
 * The entity map key a value belongs to (polymorphic form only); undefined when the map has
 * none, e.g. for a type the server added after this app was built.
 */
function choose(
  owner: MemberSchema,
  value: unknown,
  parent: unknown,
  key: FieldKey,
): string | undefined {
  const attribute = owner.schemaAttribute!(value as object, parent as SchemaMap, key as string);
  return typeof attribute === 'string' && isOwn(owner.schema as SchemaMap, attribute)
    ? attribute
    : undefined;
}

/** `inferSchema` of the map form (and of the single one). */
export function inferMember(
  owner: MemberSchema,
  value: unknown,
  parent: unknown,
  key: FieldKey,
): unknown {
  if (owner.schemaAttribute === undefined) return owner.schema;
  const choice = choose(owner, value, parent, key);
  return choice === undefined ? undefined : (owner.schema as SchemaMap)[choice];
}

/** `normalizeValue` of the map form (and of the single one). */
export function normalizeMember(
  owner: MemberSchema,
  value: unknown,
  parent: unknown,
  key: FieldKey,
  delegate: INormalizeDelegate,
): unknown {
  if (owner.schemaAttribute === undefined) return delegate.visit(owner.schema, value, parent, key);
  if (value === null || value === undefined) return value;
  const choice = choose(owner, value, parent, key);
  if (choice === undefined) {
    warnInDevelopment(
      () =>
        process.env.NODE_ENV !== 'production' && unknownMemberWarning(owner, value, parent, key),
    );
    return undefined;
  }
  const id = delegate.visit((owner.schema as SchemaMap)[choice], value, parent, key);
  return id === undefined || id === null ? id : { id, schema: choice };
}

/** `denormalizeValue` of the map form (and of the single one). */
export function denormalizeMember(
  owner: MemberSchema,
  value: unknown,
  delegate: IDenormalizeDelegate,
): unknown {
  if (owner.schemaAttribute === undefined) return delegate.unvisit(owner.schema, value);
  if (value === null || typeof value !== 'object') return undefined;
  const ref = value as PolymorphicRef;
  const schema = getOwn(owner.schema as SchemaMap, ref.schema);
  if (schema === undefined) return undefined;
  return delegate.unvisit(schema, ref.id);
}

/**
 * The development warning for a skipped member of unknown type (only ever called inside a
 * `process.env.NODE_ENV !== 'production' &&` arrow, so production builds drop it).
 */
export function unknownMemberWarning(
  owner: MemberSchema,
  value: unknown,
  parent: unknown,
  key: FieldKey,
): string {
  return `${describeSchema(owner)}: skipped a member whose schemaAttribute gave ${JSON.stringify(owner.schemaAttribute!(value as object, parent as SchemaMap, key as string))}, which is not one of ${Object.keys(owner.schema as SchemaMap).join(', ')} (value ${describeValue(value)})`;
}
