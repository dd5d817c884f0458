// The Standard Schema interface (version 1), which zod, valibot and arktype schemas implement:
// the part Tessera reads, declared here so that core depends on no validation library.

/** A validator: zod, valibot, arktype or any object with a `~standard` member of version 1. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>;
    /** Present for type inference only. */
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** A validation's outcome: the (possibly transformed) value, or its issues. */
export type StandardSchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardSchemaIssue[] };

/** One problem: a reason, and where in the value it was found. */
export interface StandardSchemaIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/** What a validator yields when the value passes. */
export type StandardSchemaOutput<S extends StandardSchemaV1> = NonNullable<
  S['~standard']['types']
>['output'];
