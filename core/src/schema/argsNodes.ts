// How the memo keeps a node per args for a position whose value depends on them. Only `Scalar`
// makes such values, so it fills this in when it is constructed: a store that never meets one
// carries none of this code (the memo's walker only looks here once a node depends on args).
import type { MemoNode, Reader } from '../normalize/graph';

/** The memo as far as dropping a node goes (MemoCache). */
export interface LeavingMemo {
  /** @internal `reader` now reads `after` instead of `before`; one left unread and empty goes later. */
  leave(reader: Reader, before: readonly MemoNode[], after: readonly MemoNode[]): void;
}

export const argsNodes: {
  /**
   * The node of `node`'s position for `args` (made on first use). Past the limit the others are
   * dropped: what read them is built again, and they leave what they read.
   */
  variant?(node: MemoNode, args: readonly unknown[], memo: LeavingMemo): MemoNode;
  /**
   * `node` was built after it (or a node it filled) read `args`: its position keeps a node per
   * args from now (nothing to do if it does already).
   */
  built?(node: MemoNode, args: readonly unknown[]): void;
  /**
   * `node`'s position changed: its other nodes per args (if any) are dropped, and it is one node
   * again.
   */
  moved?(node: MemoNode, memo: LeavingMemo): void;
} = {};

/**
 * Args serialized (JSON): the one key of what was read or built with them, for the memo's
 * results and query keys, a Scalar's nodes per args and a Query's results. Undefined for args JSON
 * cannot express (a cycle, a bigint); a caller that must key them anyway gives each such read a
 * key of its own (`uniqueArgsKey`).
 */
export function argsKeyOf(args: readonly unknown[]): string | undefined {
  try {
    return JSON.stringify(args);
  } catch {
    return undefined;
  }
}

let unserializable = 0;

/** A key no args serialize to (JSON never starts with NUL) and no other read shares. */
export function uniqueArgsKey(): string {
  unserializable += 1;
  return `\u0000unserializable:${unserializable}`;
}
