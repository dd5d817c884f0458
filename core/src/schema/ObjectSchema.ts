import type { IDenormalizeDelegate, INormalizeDelegate, IQueryDelegate } from './interface';
import { denormalizeObject, normalizeObject, queryKeyObject } from './objectShorthand';

/** `schema.Object`: the explicit form of the object shorthand `{ field: Schema }`. */
export class ObjectSchema<O extends object = Record<string, unknown>> {
  readonly schema: O;

  constructor(definition: O) {
    this.schema = definition;
  }

  /** Its data is an object or a list, never `null` or a scalar (see `expectsObject`). */
  get objectData(): true {
    return true;
  }

  /** A new ObjectSchema with these fields added or replaced. */
  define<D extends object>(definition: D): ObjectSchema<Omit<O, keyof D> & D> {
    return new ObjectSchema({ ...this.schema, ...definition } as Omit<O, keyof D> & D);
  }

  normalize(input: unknown, _parent: unknown, _key: unknown, delegate: INormalizeDelegate): object {
    return normalizeObject(this.schema, input, delegate);
  }

  denormalize(input: unknown, delegate: IDenormalizeDelegate): unknown {
    return denormalizeObject(this.schema, input, delegate);
  }

  queryKey(args: readonly unknown[], delegate: IQueryDelegate): object {
    return queryKeyObject(this.schema, args, delegate);
  }
}
