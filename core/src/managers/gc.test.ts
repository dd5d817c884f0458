import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, HttpError, localEndpoint } from '../../test/endpoints';
import { Entity } from '../schema';
import { Controller, StoreDisposedError, setResponse } from '../store';
import { createStore } from './createStore';
import { GCManager } from './GCManager';
import { NetworkManager } from './NetworkManager';

class Post extends Entity {
  id = '';
  body = '';
  pk() {
    return this.id;
  }
}

class Author extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
}
class Article extends Entity {
  id = '';
  author: Author | undefined = undefined;
  pk() {
    return this.id;
  }
  static override schema = { author: Author };
}

const getPost = localEndpoint({
  key: ({ id }: { id: string }) => `GET /posts/${id}`,
  schema: Post,
  resolve: ({ id }: { id: string }) => ({ id, body: `post ${id}` }),
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('garbage collection (on by default)', () => {
  it('evicts expired results and entities nobody reads, keeps what a selection reads', async () => {
    const { controller, dispose } = createStore({
      managers: [new GCManager({ intervalMs: 10_000 })],
    });
    await controller.fetch(getPost, { id: '1' });
    await controller.fetch(getPost, { id: '2' });
    const sub = controller.select(getPost, { id: '1' }).subscribe(() => {});
    // Not expired yet: nothing goes.
    await vi.advanceTimersByTimeAsync(50_000);
    expect(Object.keys(controller.getState().meta)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20_000);
    const state = controller.getState();
    expect(Object.keys(state.meta)).toEqual([getPost.key({ id: '1' })]);
    expect(Object.keys(state.endpoints)).toEqual([getPost.key({ id: '1' })]);
    expect(Object.keys(state.entities.Post ?? {})).toEqual(['1']);
    expect(Object.keys(state.entitiesMeta.Post ?? {})).toEqual(['1']);
    // Once the reader leaves, the rest goes at the next sweep.
    sub.unsubscribe();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(controller.getState().meta).toEqual({});
    expect(controller.getState().entities.Post).toEqual({});
    dispose();
  });

  it('a live selection keeps its data identity across a sweep', async () => {
    const { controller, managers, dispose } = createStore({ managers: [new GCManager()] });
    const gc = managers.find((m) => m instanceof GCManager) as GCManager;
    await controller.fetch(getPost, { id: '1' });
    await controller.fetch(getPost, { id: '2' });
    const seen: unknown[] = [];
    const sub = controller.select(getPost, { id: '1' }).subscribe(({ data }) => seen.push(data));
    const before = controller.getResponse(getPost, { id: '1' }).data;
    vi.setSystemTime(Date.now() + 120_000);
    await gc.sweep();
    // The sweep evicted post 2 (a new state), yet post 1 reads as the very same object.
    expect(controller.get(Post, { id: '2' })).toBeUndefined();
    expect(controller.getResponse(getPost, { id: '1' }).data).toBe(before);
    expect(seen).toEqual([before]);
    sub.unsubscribe();
    dispose();
  });

  it('countRef holds a result like a selection does', async () => {
    const { controller, managers, dispose } = createStore({ managers: [new GCManager()] });
    const gc = managers.find((m) => m instanceof GCManager) as GCManager;
    await controller.fetch(getPost, { id: '1' });
    const release = controller.getResponseMeta(getPost, { id: '1' }).countRef!();
    vi.setSystemTime(Date.now() + 120_000);
    await gc.sweep();
    expect(controller.get(Post, { id: '1' })).toBeDefined();
    release();
    await gc.sweep();
    expect(controller.get(Post, { id: '1' })).toBeUndefined();
    dispose();
  });

  it('keeps what a reader shows beneath a pending optimistic update, for when it fails', async () => {
    const { controller, managers, dispose } = createStore({ managers: [new GCManager()] });
    const gc = managers.find((m) => m instanceof GCManager) as GCManager;
    const getArticle = localEndpoint({
      key: () => 'GET /articles/1',
      schema: Article,
      resolve: () => ({ id: '1', author: { id: 'ann', name: 'Ann' } }),
    });
    const answer = deferred<unknown>();
    const reassign = localEndpoint({
      key: () => 'PATCH /articles/1',
      schema: Article,
      sideEffect: true,
      getOptimisticResponse: () => ({ id: '1', author: { id: 'bo', name: 'Bo' } }),
      resolve: () => answer.promise,
    });
    await controller.fetch(getArticle);
    let shown: Article | undefined;
    const sub = controller.select(getArticle).subscribe(({ data }) => (shown = data));
    vi.setSystemTime(Date.now() + 120_000);
    const done = controller.fetch(reassign).catch(() => undefined);
    expect(shown?.author?.name).toBe('Bo');
    // Ann is expired and not shown now, but shown again once the update fails.
    await gc.sweep();
    answer.reject(new HttpError(500));
    await done;
    expect(controller.getState().optimistic).toEqual([]);
    expect(shown?.author?.name).toBe('Ann');
    sub.unsubscribe();
    dispose();
  });

  it('without a GCManager (opt in) the store keeps everything', async () => {
    const { controller, dispose } = createStore();
    await controller.fetch(getPost, { id: '1' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(controller.get(Post, { id: '1' })).toBeDefined();
    dispose();
  });

  it('1,000 fetch/select/unsubscribe cycles leave nothing behind', {
    timeout: 30_000,
  }, async () => {
    const { controller, managers, dispose } = createStore({
      managers: [new GCManager({ intervalMs: 60_000 })],
    });
    const network = managers.find((m) => m instanceof NetworkManager) as NetworkManager;
    for (let i = 0; i < 1_000; i++) {
      const sub = controller.select(getPost, { id: String(i) }).subscribe(() => {});
      await controller.fetch(getPost, { id: String(i) });
      sub.unsubscribe();
    }
    expect(network.size).toBe(0);
    expect(controller.getState().fetching).toEqual({});
    expect(controller.liveReferences().keys.size).toBe(0);
    expect(Object.keys(controller.getState().meta)).toHaveLength(1_000);
    await vi.advanceTimersByTimeAsync(120_000);
    const state = controller.getState();
    expect(state.meta).toEqual({});
    expect(state.endpoints).toEqual({});
    expect(state.entities.Post).toEqual({});
    expect(state.entitiesMeta.Post).toEqual({});
    dispose();
  });
});

describe('garbage collection of a disposed controller', () => {
  it('a sweep timer left running after the controller was disposed fails silently', async () => {
    const gc = new GCManager({ intervalMs: 1_000 });
    const controller = new Controller({ managers: [gc] });
    gc.init(controller);
    await setResponse(controller, getPost, { id: '1' }, { id: '1', body: 'expires' });
    vi.setSystemTime(Date.now() + 61_000);
    // Disposed without the managers' cleanup(): the timer still fires, the sweep is refused.
    controller.dispose();
    await expect(gc.sweep()).rejects.toBeInstanceOf(StoreDisposedError);
    // An unhandled rejection from the timer would fail this test file.
    await vi.advanceTimersByTimeAsync(120_000);
    gc.cleanup();
  });
});
