import { ListSchema } from '../schema/ArraySchema';
import { message } from '../schema/development';
import { type ArraySchema, SchemaError } from '../schema/index';

const arraySchemas = new WeakMap<readonly unknown[], ArraySchema>();

/** The `schema.Array` a shorthand `[Schema]` stands for (one per shorthand array). */
export function arraySchemaFor(shorthand: readonly unknown[]): ArraySchema {
  let schema = arraySchemas.get(shorthand);
  if (schema === undefined) {
    if (shorthand.length !== 1) {
      throw new SchemaError(
        'Array shorthand',
        message(
          `TSR17 ${shorthand.length}`,
          () =>
            process.env.NODE_ENV !== 'production' &&
            `must hold exactly one schema, found ${shorthand.length}`,
        ),
        shorthand,
      );
    }
    schema = new ListSchema(shorthand[0]);
    arraySchemas.set(shorthand, schema);
  }
  return schema;
}
