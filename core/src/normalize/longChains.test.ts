import { describe, expect, it } from 'vitest';
import { All, Entity, Query } from '../schema/index';
import { FILL_LATER_DEPTH } from './DenormalizeWalker';
import { denormalize } from './denormalize';
import { MemoCache } from './MemoCache';
import { normalize } from './normalize';

class Link extends Entity {
  id = 0;
  label = '';
  next: Link | undefined = undefined;
  pk() {
    return this.id;
  }
  static override schema: Record<string, any> = {};
}
Link.schema = { next: Link };

/** A linked list as a server sends it: a flat page whose items name the next one by id. */
function chain(length: number, options: { cycle?: boolean } = {}) {
  const items = [];
  for (let i = 0; i < length; i++) {
    const next = i + 1 < length ? i + 1 : options.cycle ? 0 : undefined;
    items.push({ id: i, label: `link ${i}`, next });
  }
  return normalize([Link], items);
}

/** Walks `next` from the head and checks every link is filled in, returning the last one. */
function walkToEnd(head: Link, length: number): Link {
  let link = head;
  const wrong: string[] = [];
  for (let i = 0; i < length; i++) {
    if (!(link instanceof Link) || link.label !== `link ${i}`) wrong.push(`${i}: ${String(link)}`);
    if (i + 1 < length) link = link.next as Link;
  }
  expect(wrong).toEqual([]);
  return link;
}

describe('reference chains of any length', () => {
  it.each([FILL_LATER_DEPTH + 1, 1_001, 100_000])(
    'denormalizes a %i-link chain without a limit, plain and memoized',
    (length) => {
      const { entities } = chain(length);
      const plain = denormalize(Link, '0', entities) as Link;
      expect(walkToEnd(plain, length).next).toBeUndefined();
      const memo = new MemoCache();
      const read = memo.denormalize(Link, '0', entities);
      expect(walkToEnd(read.data as Link, length).next).toBeUndefined();
      // Every link is listed once (expiry, garbage collection and change detection use this).
      expect(read.paths).toHaveLength(length);
      expect(memo.denormalize(Link, '0', entities)).toBe(read);
    },
  );

  it('a list of every link of a long chain reads each as one instance', () => {
    const length = 2_000;
    const { entities, result } = chain(length);
    const list = new MemoCache().denormalize([Link], result, entities).data as Link[];
    expect(list).toHaveLength(length);
    for (let i = 0; i + 1 < length; i++) expect(list[i].next).toBe(list[i + 1]);
  });

  it('a long list whose links point back at earlier ones (a reply thread in order)', () => {
    // Each link is read after the one it points to: memo lists would grow with the chain's
    // length for every link (n²/2 in all) if tall entities kept theirs.
    const length = 100_000;
    const items = Array.from({ length }, (_, i) => ({
      id: i,
      label: `link ${i}`,
      next: i > 0 ? i - 1 : undefined,
    }));
    const { entities, result } = normalize([Link], items);
    const read = new MemoCache().denormalize([Link], result, entities);
    const list = read.data as Link[];
    expect(list).toHaveLength(length);
    expect(list[length - 1].next).toBe(list[length - 2]);
    expect(read.paths).toHaveLength(length);
  });

  it('a long cycle closes on the same instance', () => {
    const length = 5_000;
    const { entities } = chain(length, { cycle: true });
    for (const head of [
      denormalize(Link, '0', entities) as Link,
      new MemoCache().denormalize(Link, '0', entities).data as Link,
    ]) {
      expect(walkToEnd(head, length).next).toBe(head);
    }
  });

  it('a change anywhere in a long chain gives a new head that shows it', () => {
    const length = 1_001;
    const { entities } = chain(length);
    const memo = new MemoCache();
    const before = memo.denormalize(Link, '0', entities).data as Link;
    const table = { ...entities.Link, 1000: { id: 1000, label: 'changed' } };
    const after = memo.denormalize(Link, '0', { ...entities, Link: table }).data as Link;
    expect(after).not.toBe(before);
    let last = after;
    while (last.next) last = last.next;
    expect(last.label).toBe('changed');
    // the state it was read from is unchanged
    expect(walkToEnd(before, length).label).toBe('link 1000');
  });

  it('a Query reads a long chain completely filled in', () => {
    const length = 1_001;
    const { entities, indexes } = chain(length);
    const lastLabel = new Query(new All(Link), (links: Link[]) => {
      let link = links.find((candidate) => candidate.id === 0);
      while (link?.next) link = link.next;
      return link?.label;
    });
    expect(new MemoCache().query(lastLabel, [], { entities, indexes }).data).toBe('link 1000');
  });
});
