import { INVALID } from './INVALID';
import type { IDenormalizeDelegate, IQueryDelegate } from './interface';

/**
 * Derives data from a query-able schema (`All`, an Entity, a Collection, an object of them):
 * `new Query(new All(Todo), (todos, { userId }) => todos.filter(...))`. The result of `process`
 * is memoized per denormalized input and args.
 */
/**
 * `(entries, ...args) => R`, where the caller names the entries' and args' types. Declared
 * through a method so that such a function is accepted (method parameters are bivariant), while
 * `ReturnType` and `Parameters` still read it.
 */
type QueryProcess<R> = {
  process(entries: unknown, ...args: unknown[]): R;
}['process'];

export class Query<S = unknown, R = unknown> {
  readonly schema: S;
  readonly process: QueryProcess<R>;
  private readonly cache = new WeakMap<object, { argsKey: string; result: R }>();

  constructor(schema: S, process?: QueryProcess<R>) {
    this.schema = schema;
    this.process = process ?? ((entries: unknown) => entries as R);
  }

  queryKey(args: readonly unknown[], delegate: IQueryDelegate): unknown {
    return delegate.queryKey(this.schema, args);
  }

  normalize(input: unknown): unknown {
    return input;
  }

  denormalize(input: unknown, delegate: IDenormalizeDelegate): R | undefined | typeof INVALID {
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
function stableArgsKey(args: readonly unknown[]): string {
  try {
    return JSON.stringify(args) ?? '';
  } catch {
    unserializable += 1;
    return `\u0000unserializable:${unserializable}`;
  }
}
