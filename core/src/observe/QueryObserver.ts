import type { Subscription } from 'rxjs';
import type { Controller, DenormalizeNullable, Schema } from '../store';
import { SharedListenable } from './SharedListenable';

/** Arguments of a schema query, or `[null]` meaning "not now". */
export type QueryArgs = readonly unknown[] | readonly [null];

/**
 * A schema query (an Entity by primary key, `All`, `Query`...) as it changes:
 * `controller.get(schema, ...args)` now and after every change of the entities or indexes it
 * reads (the store's change log), by identity.
 * Never fetches. `[null]` reads undefined.
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

  protected connect(): void {
    this.value = this.read();
    // A query reads entities and indexes only: a change of results, meta or in-flight marks
    // alone (most changes) leaves it as it is.
    this.states = this.controller.changes$.subscribe({
      next: ({ changes }) => {
        if (changes.entitiesChanged) this.refresh();
      },
      complete: () => this.complete(),
    });
  }

  protected disconnect(): void {
    this.states?.unsubscribe();
    this.states = undefined;
  }

  private refresh(): void {
    const value = this.read();
    if (value === this.value) return;
    this.value = value;
    this.emit(value);
  }

  private read(): DenormalizeNullable<S> | undefined {
    if (this.args[0] === null) return undefined;
    // Read through the plain schema type: the generic result type is too deep to instantiate here.
    const value: unknown = this.controller.get(this.schema as Schema, ...this.args);
    return value as DenormalizeNullable<S> | undefined;
  }
}
