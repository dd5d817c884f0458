// The cases of one store per server request (docs/guide/ssr.md#one-store-per-request), run by
// each adapter's test with its own server render: concurrent renders, each with its store, stay
// apart; one store read by two renders at once is a development warning, or with
// `throwOnSharedRender` an error.
import { type Controller, dehydrate } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import type { TodoServer } from './serveTodoApi';

/** What a case needs of an adapter. */
export interface RenderingAdapter<T extends { controller: Controller }> {
  create(options?: { throwOnSharedRender?: boolean }): T;
  dispose(tessera: T): void;
  /** The HTML of the page showing todo `id`, rendered on the server from `tessera`. */
  render(tessera: T, id: number): Promise<string>;
}

const sharingWarning = /two server renders read one store at once/;

export function sharedRenderCases<T extends { controller: Controller }>(
  t: TodoServer,
  adapter: RenderingAdapter<T>,
): void {
  /** The page of the request for todo `id`, and the todo ids of its store's state. */
  async function renderFor(tessera: T, id: number) {
    const html = await adapter.render(tessera, id);
    return { html, todos: Object.keys(dehydrate(tessera.controller).entities.Todo ?? {}) };
  }

  /** Runs the renders with every API answer held until `requests` requests came in. */
  async function atOnce<R>(renders: (() => Promise<R>)[], requests = renders.length) {
    const release = t.api.hold();
    const settled = Promise.allSettled(renders.map((run) => run()));
    await vi.waitFor(() => expect(t.api.requests).toHaveLength(requests));
    release();
    return settled;
  }

  /** Spies on console.warn; returns the warnings about a shared store it got. */
  function sharingWarnings() {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    return () => warn.mock.calls.map(String).filter((text) => sharingWarning.test(text));
  }

  describe('server renders and their stores', () => {
    it('24 renders at once, each with a store of its own: each page has its own data, no warning', async () => {
      const warnings = sharingWarnings();
      const ids = Array.from({ length: 24 }, (_, i) => i + 1);
      const pages = await atOnce(
        ids.map((id) => async () => {
          const tessera = adapter.create();
          const page = await renderFor(tessera, id);
          adapter.dispose(tessera);
          return page;
        }),
      );
      pages.forEach((page, i) => {
        expect(page).toMatchObject({ status: 'fulfilled', value: { todos: [String(ids[i])] } });
        if (page.status === 'fulfilled') expect(page.value.html).toContain(`Todo ${ids[i]}<`);
      });
      expect(warnings()).toEqual([]);
    });

    it('warns (development) when one store serves two renders at once: their data mixes', async () => {
      const warnings = sharingWarnings();
      const shared = adapter.create();
      const pages = await atOnce([() => renderFor(shared, 1), () => renderFor(shared, 2)]);
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]).toContain('docs/guide/ssr.md#one-store-per-request');
      // What the warning is about: the first page's state carries the second request's todo.
      expect(pages[0]).toMatchObject({ status: 'fulfilled', value: { todos: ['1', '2'] } });
      adapter.dispose(shared);
    });

    it('stays quiet when one store serves renders one after another, also after a failed one', async () => {
      const warnings = sharingWarnings();
      const shared = adapter.create();
      await renderFor(shared, 1);
      await renderFor(shared, 2);
      t.api.failNext(500);
      await renderFor(shared, 3).catch(() => {});
      await renderFor(shared, 4);
      expect(warnings()).toEqual([]);
      adapter.dispose(shared);
    });

    it('with throwOnSharedRender, fails the second render instead (every build)', async () => {
      const warnings = sharingWarnings();
      const guarded = adapter.create({ throwOnSharedRender: true });
      const [first, second] = await atOnce(
        [() => renderFor(guarded, 1), () => renderFor(guarded, 2)],
        1,
      );
      expect(first).toMatchObject({ status: 'fulfilled', value: { todos: ['1'] } });
      expect(second).toMatchObject({
        status: 'rejected',
        reason: expect.objectContaining({
          message: expect.stringMatching(/^Tessera: a second server render reads this store/),
        }),
      });
      expect(t.api.requests).toEqual(['GET /todos/1']);
      expect(warnings()).toEqual([]);
      // Once the first is done, the next render may use the store.
      expect((await renderFor(guarded, 3)).todos).toEqual(['1', '3']);
      adapter.dispose(guarded);
    });
  });
}
