import { type EntityTables, getOwn } from '../schema/index';

// Which tables a memoized value was read from, and whether any changed since it was confirmed.
// A value remembers one shared, interned `TableSet` (not its own list) and the walk that last
// confirmed it. Each walk looks at a table's stamp at most once; a table whose stamp differs
// from the one last seen is marked changed at that walk. A value confirmed at walk w is still
// good if no table of its set was marked changed after w: then every table it reads is the one
// it was confirmed against, whatever happened to other tables.

/** One table key as the memo last saw it. */
class TableMark {
  /** Stamp seen at `seenWalk` (-1: never seen). */
  stamp = -1;
  seenWalk = 0;
  /** The walk at which a new stamp was last seen. */
  changedAt = 0;
  constructor(readonly key: string) {}
}

/** An interned set of table keys (one object per distinct set, per memo). */
export class TableSet {
  seenWalk = 0;
  /** Greatest `changedAt` of its tables when last looked at (at `seenWalk`). */
  changedAt = 0;
  /** Transitions to the set with one more key, or the union with another set. */
  readonly withKey = new Map<string, TableSet>();
  readonly unions = new Map<TableSet, TableSet>();
  constructor(
    readonly marks: readonly TableMark[],
    /** Sorted keys joined by NUL: the set's name in the registry. */
    readonly name: string,
  ) {}

  has(key: string): boolean {
    const marks = this.marks;
    for (let i = 0; i < marks.length; i++) if (marks[i].key === key) return true;
    return false;
  }
}

/** The table marks and sets of one MemoCache; they hold keys and numbers, never a table. */
export class TableSets {
  readonly empty = new TableSet([], '');
  private readonly marks = new Map<string, TableMark>();
  private readonly sets = new Map<string, TableSet>([['', this.empty]]);

  constructor(private readonly stampOf: (value: unknown) => number) {}

  /** `set` with `key` added. */
  with(set: TableSet, key: string): TableSet {
    if (set.has(key)) return set;
    let next = set.withKey.get(key);
    if (next === undefined) {
      const keys = set.marks.map((mark) => mark.key);
      keys.push(key);
      next = this.intern(keys);
      set.withKey.set(key, next);
    }
    return next;
  }

  union(a: TableSet, b: TableSet): TableSet {
    if (a === b || b === this.empty) return a;
    if (a === this.empty) return b;
    let next = a.unions.get(b);
    if (next === undefined) {
      next = a;
      for (const mark of b.marks) next = this.with(next, mark.key);
      a.unions.set(b, next);
    }
    return next;
  }

  private intern(keys: string[]): TableSet {
    keys.sort();
    const name = keys.join('\u0000');
    let set = this.sets.get(name);
    if (set === undefined) {
      const marks = keys.map((key) => {
        let mark = this.marks.get(key);
        if (mark === undefined) {
          mark = new TableMark(key);
          this.marks.set(key, mark);
        }
        return mark;
      });
      set = new TableSet(marks, name);
      this.sets.set(name, set);
    }
    return set;
  }

  /**
   * Looks at the tables of `set` in this walk (once per walk) and returns the last walk at which
   * one of them was seen changed. Whatever is confirmed at `walk` must be looked at first.
   */
  changedAt(set: TableSet, walk: number, entities: EntityTables): number {
    if (set.seenWalk === walk) return set.changedAt;
    const marks = set.marks;
    let changedAt = 0;
    for (let i = 0; i < marks.length; i++) {
      const mark = marks[i];
      if (mark.seenWalk !== walk) {
        mark.seenWalk = walk;
        const stamp = this.stampOf(getOwn(entities, mark.key));
        if (stamp !== mark.stamp) {
          mark.stamp = stamp;
          mark.changedAt = walk;
        }
      }
      if (mark.changedAt > changedAt) changedAt = mark.changedAt;
    }
    set.seenWalk = walk;
    set.changedAt = changedAt;
    return changedAt;
  }
}
