import { INVALID } from './INVALID';
import type { IDenormalizeDelegate, IQueryDelegate } from './interface';

/**
 * Derives data from a query-able schema (`All`, an Entity, a Collection, an object of them):
 * `new Query(new All(Todo), (todos, { userId }) => todos.filter(...))`. The result of `process`
 * is memoized per denormalized input and args.
 */
export class Query<S = any, R = any> {
  readonly schema: S;
  readonly process: (entries: any, ...args: any[]) => R;
  private readonly cache = new WeakMap<object, { argsKey: string; result: R }>();

  constructor(schema: S, process?: (entries: any, ...args: any[]) => R) {
    this.schema = schema;
    this.process = process ?? ((entries: any) => entries as R);
  }

  queryKey(args: readonly any[], delegate: IQueryDelegate): any {
    return delegate.queryKey(this.schema, args);
  }

  normalize(input: any): any {
    return input;
  }

  denormalize(input: any, delegate: IDenormalizeDelegate): R | undefined | typeof INVALID {
    const value = delegate.unvisit(this.schema, input);
    if (value === undefined || value === INVALID) return value;
    // `process` may read the whole value: entities of a long chain must be filled first.
    delegate.complete?.();
    const args = delegate.args;
    if (value === null || typeof value !== 'object') return this.process(value, ...args);
    const argsKey = stableArgsKey(args);
    const cached = this.cache.get(value);
    if (cached !== undefined && cached.argsKey === argsKey) return cached.result;
    const result = this.process(value, ...args);
    this.cache.set(value, { argsKey, result });
    return result;
  }
}

let unserializable = 0;

/** Args as a cache key; args JSON cannot express never share a cache entry. */
function stableArgsKey(args: readonly any[]): string {
  try {
    return JSON.stringify(args) ?? '';
  } catch {
    unserializable += 1;
    return `\u0000unserializable:${unserializable}`;
  }
}
