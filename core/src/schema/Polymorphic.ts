import { describeSchema } from './describeSchema';
import type { IDenormalizeDelegate, INormalizeDelegate } from './interface';
import { getOwn, isOwn } from './ownProperty';
import { SchemaError } from './SchemaError';

/** Picks the entity map key for a value: an attribute name, or a function of the value. */
export type SchemaAttribute = string | ((value: any, parent: any, key: string) => string);

/** A normalized polymorphic reference: the pk and the entity map key it belongs to. */
export interface PolymorphicRef {
  id: string;
  schema: string;
}

/**
 * Shared base of schemas that hold either one schema or a map of schemas chosen per value
 * (Array, Values, Union, All).
 */
export abstract class Polymorphic {
  /** The single schema, or the map of schemas by attribute value. */
  readonly schema: any;
  readonly schemaAttribute: ((value: any, parent: any, key: string) => string) | undefined;

  constructor(definition: any, schemaAttribute?: SchemaAttribute) {
    this.schema = definition;
    if (schemaAttribute === undefined) {
      this.schemaAttribute = undefined;
    } else if (typeof schemaAttribute === 'string') {
      this.schemaAttribute = (value: any) =>
        value === null || typeof value !== 'object' ? undefined : value[schemaAttribute];
    } else {
      this.schemaAttribute = schemaAttribute;
    }
  }

  get isSingleSchema(): boolean {
    return this.schemaAttribute === undefined;
  }

  /** The entity map key a value belongs to (polymorphic form only). */
  private choose(value: any, parent: any, key: string): string {
    const attribute = this.schemaAttribute!(value, parent, key);
    if (typeof attribute !== 'string' || !isOwn(this.schema, attribute)) {
      throw new SchemaError(
        describeSchema(this),
        `schemaAttribute gave ${JSON.stringify(attribute)}, which is not one of ${Object.keys(this.schema).join(', ')}`,
        value,
      );
    }
    return attribute;
  }

  /** The schema for one value (the map member its attribute names). */
  inferSchema(value: any, parent: any, key: string): any {
    if (this.schemaAttribute === undefined) return this.schema;
    return this.schema[this.choose(value, parent, key)];
  }

  /** Normalizes one member (a `{ id, schema }` reference when polymorphic). */
  normalizeValue(value: any, parent: any, key: string, delegate: INormalizeDelegate): any {
    if (this.schemaAttribute === undefined) return delegate.visit(this.schema, value, parent, key);
    if (value === null || value === undefined) return value;
    const attribute = this.choose(value, parent, key);
    const id = delegate.visit(this.schema[attribute], value, parent, key);
    return id === undefined || id === null ? id : { id, schema: attribute };
  }

  /** Denormalizes one member. */
  denormalizeValue(value: any, delegate: IDenormalizeDelegate): any {
    if (this.schemaAttribute === undefined) return delegate.unvisit(this.schema, value);
    if (value === null || typeof value !== 'object') return undefined;
    const schema = getOwn(this.schema, value.schema);
    if (schema === undefined) return undefined;
    return delegate.unvisit(schema, value.id);
  }
}
