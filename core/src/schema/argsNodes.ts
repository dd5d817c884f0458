// How the memo keeps a node per args for a position whose value depends on them. Only `Scalar`
// makes such values, so it fills this in when it is constructed: a store that never meets one
// carries none of this code (the memo's walker only looks here once a node depends on args).

/** A memo node as far as keeping one per args goes (normalize/graph.ts's MemoNode). */
export interface ArgsNode {
  readonly key: string;
  readonly pk: string;
  /** The args it was built for, serialized: set once its value depends on them. */
  args?: string;
  /** On a position's node: its nodes by args (itself among them until they are dropped). */
  variants?: Map<string, ArgsNode>;
}

export const argsNodes: {
  /**
   * The node of `node`'s position for `args` (made on first use). Past the limit the others are
   * dropped, `dirtyReaders` marking what read them to be built again.
   */
  variant?(node: ArgsNode, args: readonly unknown[], dirtyReaders: (node: never) => void): ArgsNode;
  /** `node` was built after its walk read `args`: its position keeps a node per args from now. */
  built?(node: ArgsNode, args: readonly unknown[]): void;
} = {};
