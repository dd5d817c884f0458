import type { EntityLike, EntityPath } from '../schema/index';

// The memo's dependency graph: nodes (entity positions) and their readers (nodes, results,
// query keys, live selections). A change marks what read it dirty, all the way up; a reader
// built again leaves the nodes it no longer reads. See core/docs/how-the-store-works.md.

/**
 * Something built from memo nodes (a node itself, or a result): `dirty` once a node it read
 * changed, so it is built again when next read.
 */
export class Reader {
  /** @internal */
  dirty = false;
  /** @internal Called when it is marked dirty (a live selection schedules its re-read). */
  wake?(): void;
}

/**
 * One position of the entities a MemoCache mirrors (an entity key and pk) as last read: what was
 * stored there, the denormalized value built from it, the positions that value read, and who read
 * it (they are marked dirty when it changes). See core/docs/how-the-store-works.md.
 */
export class MemoNode implements Reader {
  /** @internal */
  dirty = false;
  /**
   * Its position may hold another value than `stored` (set by MemoCache when the position
   * changes, cleared once it is read again). A node neither moved nor dirty is reused without
   * looking its position up.
   * @internal
   */
  moved = true;
  /** @internal What the position held when built: an entity object, or INVALID / undefined (nothing built). */
  stored: unknown;
  schema: EntityLike | undefined;
  value: unknown;
  /** @internal The positions its value read, in order (empty for an entity without nested ones). */
  deps: readonly MemoNode[] = NO_DEPS;
  /** @internal Its readers: the only one as it is (most positions have one), else a set. */
  dependents: Reader | Set<Reader> | undefined;
  /** @internal The walk that last listed it among a result's paths. */
  listed = 0;
  /** The result of reading it by pk (MemoCache's): it goes when the position does. */
  result: unknown;
  /** Its path, made when a result's paths are first listed, then shared by every result. */
  path: EntityPath | undefined;
  constructor(
    readonly key: string,
    readonly pk: string,
  ) {}
}

export const NO_DEPS: readonly MemoNode[] = [];

/** Marks what read `node` dirty, and what read those, all the way up. */
export function dirtyReaders(node: MemoNode): void {
  const stack: Reader[] = [];
  takeReaders(node, stack);
  while (stack.length > 0) {
    const reader = stack.pop()!;
    if (reader.dirty) continue;
    reader.dirty = true;
    if (reader instanceof MemoNode) takeReaders(reader, stack);
    else reader.wake?.();
  }
}

/**
 * Calls `found` with every reader that is not a node above `node` (results, live selections),
 * marking nothing dirty: their data stands, what they tell about it (an entity's freshness)
 * may not. `seen` holds the nodes visited.
 */
export function readersAbove(node: MemoNode, seen: Set<MemoNode>, found: (reader: Reader) => void) {
  const stack = [node];
  const visit = (reader: Reader) => {
    if (reader instanceof MemoNode) stack.push(reader);
    else found(reader);
  };
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const readers = next.dependents;
    if (readers instanceof Set) readers.forEach(visit);
    else if (readers !== undefined) visit(readers);
  }
}

/** Moves the readers of `node` onto `stack` (they read it again, and register again, once rebuilt). */
function takeReaders(node: MemoNode, stack: Reader[]): void {
  const readers = node.dependents;
  if (readers instanceof Set) for (const reader of readers) stack.push(reader);
  else if (readers !== undefined) stack.push(readers);
  node.dependents = undefined;
}

export function addReader(node: MemoNode, reader: Reader): void {
  const readers = node.dependents;
  if (readers === reader) return;
  if (readers === undefined) node.dependents = reader;
  else if (readers instanceof Set) readers.add(reader);
  else node.dependents = new Set([readers, reader]);
}

/**
 * `reader`, built again, read `after` instead of `before`: it is no longer a reader of the nodes
 * it left, so their changes do not mark it dirty. Those left with no reader are added to
 * `unread` when given (the memo drops them if their position holds nothing).
 */
export function leaveNodes(
  reader: Reader,
  before: readonly MemoNode[],
  after: readonly MemoNode[],
  unread?: MemoNode[],
): void {
  if (before.length === 0) return;
  const kept = after.length === 0 ? undefined : new Set(after);
  for (const node of before) {
    if (kept?.has(node)) continue;
    const readers = node.dependents;
    if (readers === reader) node.dependents = undefined;
    else if (readers instanceof Set) {
      readers.delete(reader);
      if (readers.size === 0) node.dependents = undefined;
    }
    if (node.dependents === undefined) unread?.push(node);
  }
}

/** Every position `deps` read, all levels down, each once (`walk` marks those listed). */
export function listPaths(deps: readonly MemoNode[], walk: number): EntityPath[] {
  const paths: EntityPath[] = [];
  const stack: MemoNode[] = [];
  for (let i = deps.length - 1; i >= 0; i--) stack.push(deps[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.listed === walk) continue;
    node.listed = walk;
    paths.push((node.path ??= { key: node.key, pk: node.pk }));
    const below = node.deps;
    for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]);
  }
  return paths;
}
