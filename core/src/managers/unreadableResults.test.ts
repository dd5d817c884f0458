import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, testEndpoint, useMswServer } from '../../test/endpoints';
import { listUsers, User } from '../../test/users';
import { Entity } from '../schema';
import type { Selection, State } from '../store';
import { createStore } from './createStore';

const server = useMswServer();

class Reply extends Entity {
  id = 0;
  text = '';
  parent: Reply | undefined = undefined;
  pk() {
    return this.id;
  }
  static override schema: Record<string, any> = {};
}
Reply.schema = { parent: Reply };

/** A reply thread as a flat page: each reply names the one it answers. */
function thread(length: number) {
  return Array.from({ length }, (_, i) => ({
    id: i,
    text: `reply ${i}`,
    parent: i > 0 ? i - 1 : undefined,
  }));
}

const getThread = testEndpoint({ path: () => '/thread', schema: [Reply] });
const getReply = testEndpoint({
  path: ({ id }: { id: number }) => `/replies/${id}`,
  schema: Reply,
});

/** A file whose size the server sends in a form `BigInt` cannot read. */
class FileEntry extends Entity {
  id = '';
  size = 0n;
  pk() {
    return this.id;
  }
  static override schema = { size: BigInt };
}
const getFile = testEndpoint({ path: () => '/files/1', schema: FileEntry });

/** Errors that escaped every promise and observable (a timer throw ends a Node process). */
let escaped: unknown[] = [];
const record = (error: unknown) => escaped.push(error);
beforeEach(() => {
  escaped = [];
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
});
afterEach(async () => {
  // rxjs reports an error nobody handles from a timer: let such timers run first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
  expect(escaped).toEqual([]);
});

describe('long reference chains through the store', () => {
  it.each([1_001, 100_000])('a %i-reply thread is stored and read', async (length) => {
    server.use(http.get(`${API}/thread`, () => HttpResponse.json(thread(length))));
    const { controller, dispose } = createStore();
    const replies = (await controller.fetch(getThread, undefined)) as Reply[];
    expect(replies).toHaveLength(length);
    let deepest = replies[length - 1];
    let hops = 0;
    while (deepest.parent) {
      deepest = deepest.parent;
      hops++;
    }
    expect(hops).toBe(length - 1);
    expect(deepest.text).toBe('reply 0');
    // An endpoint for one reply reads it from the entity table, with its whole chain.
    let last = controller.getResponse(getReply, { id: length - 1 }).data;
    expect(last).toBeInstanceOf(Reply);
    hops = 0;
    while (last?.parent) {
      last = last.parent;
      hops++;
    }
    expect(hops).toBe(length - 1);
    dispose();
  });
});

describe('a stored result that cannot be read fails for its own readers only', () => {
  async function storeWithUnreadableFile() {
    server.use(
      http.get(`${API}/users`, () => HttpResponse.json([{ id: '1', name: 'Ada' }])),
      http.get(`${API}/files/1`, () => HttpResponse.json({ id: '1', size: '12.5' })),
    );
    const store = createStore();
    const states: State[] = [];
    store.state$.subscribe((state) => states.push(state));
    const files: Selection<unknown>[] = [];
    store.controller.select(getFile, undefined).subscribe((selection) => files.push(selection));
    const users: Selection<unknown>[] = [];
    store.controller.select(listUsers, undefined).subscribe((selection) => users.push(selection));
    // '12.5' is stored (it is a string where the schema wants BigInt's input); reading throws.
    const fetched = store.controller.fetch(getFile, undefined);
    const usersFetched = store.controller.fetch(listUsers, undefined);
    await expect(fetched).rejects.toThrow(SyntaxError);
    await usersFetched;
    return { ...store, states, files, users };
  }

  it('its fetch rejects with the reason; its readers get it as their error', async () => {
    const { controller, files, dispose } = await storeWithUnreadableFile();
    expect(controller.getResponse(getFile, undefined).data).toBeUndefined();
    expect(controller.getError(getFile, undefined)).toBeInstanceOf(SyntaxError);
    const last = files[files.length - 1];
    expect(last).toMatchObject({ data: undefined, loading: false });
    expect(last.error).toBeInstanceOf(SyntaxError);
    // A reader that subscribes later gets the same, through its value, not thrown.
    const late: Selection<unknown>[] = [];
    const errors: unknown[] = [];
    controller.select(getFile, undefined).subscribe({
      next: (selection) => late.push(selection),
      error: (error) => errors.push(error),
    });
    expect(errors).toEqual([]);
    expect(late[0].error).toBeInstanceOf(SyntaxError);
    dispose();
  });

  it('other keys, writes and state$ keep working', async () => {
    const { controller, states, users, dispose } = await storeWithUnreadableFile();
    expect(users[users.length - 1]).toMatchObject({ loading: false, error: undefined });
    expect((users[users.length - 1].data as User[])[0].name).toBe('Ada');
    const emitted = states.length;
    await controller.set(User, { id: '1' }, { id: '1', name: 'Grace' });
    await controller.set(FileEntry, { id: '2' }, { id: '2', size: '7' });
    expect(states.length).toBe(emitted + 2);
    expect((users[users.length - 1].data as User[])[0].name).toBe('Grace');
    // A corrected file replaces the unreadable one: its readers recover.
    server.use(http.get(`${API}/files/1`, () => HttpResponse.json({ id: '1', size: '12' })));
    const file = (await controller.fetch(getFile, undefined)) as FileEntry;
    expect(file.size).toBe(12n);
    expect(controller.getError(getFile, undefined)).toBeUndefined();
    dispose();
  });
});
