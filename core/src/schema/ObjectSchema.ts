import type { IDenormalizeDelegate, INormalizeDelegate, IQueryDelegate } from './interface';
import { denormalizeObject, normalizeObject, queryKeyObject } from './objectShorthand';

/** `schema.Object`: the explicit form of the object shorthand `{ field: Schema }`. */
export class ObjectSchema<O extends Record<string, any> = Record<string, any>> {
  readonly schema: O;

  constructor(definition: O) {
    this.schema = definition;
  }

  /** A new ObjectSchema with these fields added or replaced. */
  define<D extends Record<string, any>>(definition: D): ObjectSchema<Omit<O, keyof D> & D> {
    return new ObjectSchema({ ...this.schema, ...definition } as Omit<O, keyof D> & D);
  }

  normalize(input: any, _parent: any, _key: any, delegate: INormalizeDelegate): any {
    return normalizeObject(this.schema, input, delegate);
  }

  denormalize(input: any, delegate: IDenormalizeDelegate): any {
    return denormalizeObject(this.schema, input, delegate);
  }

  queryKey(args: readonly any[], delegate: IQueryDelegate): any {
    return queryKeyObject(this.schema, args, delegate);
  }
}
