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
type AttributeFunction = {
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
 * Shared base of schemas that hold either one schema or a map of schemas chosen per value
 * (Array, Values, Union, All, Invalidate).
 */
export abstract class Polymorphic {
  /** The single schema, or the map of schemas by attribute value. */
  readonly schema: unknown;
  readonly schemaAttribute: AttributeFunction | undefined;

  constructor(definition: unknown, schemaAttribute?: SchemaAttribute) {
    this.schema = definition;
    if (schemaAttribute === undefined) {
      this.schemaAttribute = undefined;
    } else if (typeof schemaAttribute === 'string') {
      this.schemaAttribute = (value: object) => {
        const attribute =
          value === null || typeof value !== 'object'
            ? undefined
            : getOwn(value as SchemaMap, schemaAttribute);
        return typeof attribute === 'string' ? attribute : undefined;
      };
    } else {
      this.schemaAttribute = schemaAttribute;
    }
  }

  get isSingleSchema(): boolean {
    return this.schemaAttribute === undefined;
  }

  /**
   * The entity map key a value belongs to (polymorphic form only); undefined when the map has
   * none, e.g. for a type the server added after this app was built.
   */
  private choose(value: unknown, parent: unknown, key: FieldKey): string | undefined {
    const attribute = this.schemaAttribute!(value as object, parent as SchemaMap, key as string);
    return typeof attribute === 'string' && isOwn(this.schema as SchemaMap, attribute)
      ? attribute
      : undefined;
  }

  /** The schema for one value (the map member its attribute names; undefined if none does). */
  inferSchema(value: unknown, parent: unknown, key: FieldKey): unknown {
    if (this.schemaAttribute === undefined) return this.schema;
    const choice = this.choose(value, parent, key);
    return choice === undefined ? undefined : (this.schema as SchemaMap)[choice];
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
    if (this.schemaAttribute === undefined) return delegate.visit(this.schema, value, parent, key);
    if (value === null || value === undefined) return value;
    const choice = this.choose(value, parent, key);
    if (choice === undefined) {
      this.warnUnknown(value, parent, key);
      return undefined;
    }
    const id = delegate.visit((this.schema as SchemaMap)[choice], value, parent, key);
    return id === undefined || id === null ? id : { id, schema: choice };
  }

  /** The development warning for a skipped member of unknown type. */
  protected warnUnknown(value: unknown, parent: unknown, key: FieldKey): void {
    warnInDevelopment(
      () =>
        process.env.NODE_ENV !== 'production' &&
        `${describeSchema(this)}: skipped a member whose schemaAttribute gave ${JSON.stringify(this.schemaAttribute!(value as object, parent as SchemaMap, key as string))}, which is not one of ${Object.keys(this.schema as SchemaMap).join(', ')} (value ${describeValue(value)})`,
    );
  }

  /** Denormalizes one member. */
  denormalizeValue(value: unknown, delegate: IDenormalizeDelegate): unknown {
    if (this.schemaAttribute === undefined) return delegate.unvisit(this.schema, value);
    if (value === null || typeof value !== 'object') return undefined;
    const ref = value as PolymorphicRef;
    const schema = getOwn(this.schema as SchemaMap, ref.schema);
    if (schema === undefined) return undefined;
    return delegate.unvisit(schema, ref.id);
  }
}
