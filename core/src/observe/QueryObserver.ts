import type { Subscription } from 'rxjs';
import type { Controller, DenormalizeNullable, Schema } from '../store';
import { selectQuery } from '../store/selectQuery';
import { SharedListenable } from './SharedListenable';

/** Arguments of a schema query, or `[null]` meaning "not now". */
export type QueryArgs = readonly unknown[] | readonly [null];

/**
 * A schema query (an Entity by primary key, `All`, `Query`...) as it changes:
 * `controller.get(schema, ...args)` now and after every write that changed it, by identity
 * (`controller.selectQuery`). Never fetches. `[null]` reads undefined.
 */
export class QueryObserver<S extends Schema> extends SharedListenable<
  DenormalizeNullable<S> | undefined
> {
  private schema: S;
  private args: QueryArgs;
  private value: DenormalizeNullable<S> | undefined;
  private states: Subscription | undefined;

  constructor(
    private readonly controller: Controller,
    schema: S,
    args: QueryArgs = [],
  ) {
    super();
    this.schema = schema;
    this.args = args;
  }

  getSnapshot(): DenormalizeNullable<S> | undefined {
    if (!this.isConnected) this.value = this.read();
    return this.value;
  }

  /** New arguments; readers get the new value if it differs. */
  setArgs(args: QueryArgs): void {
    this.setSchema(this.schema, args);
  }

  /** New schema and arguments (e.g. from a thunk returning both). */
  setSchema(schema: S, args: QueryArgs): void {
    this.schema = schema;
    this.args = args;
    if (this.isConnected) this.refresh();
  }

  /** Stops for good: completes every subscriber (as the other observers' `dispose`). */
  dispose(): void {
    this.complete();
  }

  protected connect(): void {
    this.states = selectQuery(this.controller, this.schema as Schema, ...this.args).subscribe({
      next: (value) => {
        const first = this.states === undefined;
        if (value === this.value && !first) return;
        this.value = value as DenormalizeNullable<S> | undefined;
        if (!first) this.emit(this.value);
      },
      complete: () => this.complete(),
    });
  }

  protected disconnect(): void {
    this.states?.unsubscribe();
    this.states = undefined;
  }

  /** Follows the current schema and arguments; readers get the new value if it differs. */
  private refresh(): void {
    const before = this.value;
    this.disconnect();
    this.connect();
    if (this.value !== before) this.emit(this.value);
  }

  private read(): DenormalizeNullable<S> | undefined {
    if (this.args[0] === null) return undefined;
    // Read through the plain schema type: the generic result type is too deep to instantiate here.
    const value: unknown = this.controller.get(this.schema as Schema, ...this.args);
    return value as DenormalizeNullable<S> | undefined;
  }
}
