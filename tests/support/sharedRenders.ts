// The cases of one store per server request (docs/guide/ssr.md#one-store-per-request), run by
// each adapter's test with its own server render: concurrent renders, each with its store, stay
// apart; one store read by a second render (at once or after the first) is a development
// warning and a production error, an error in every build with `throwOnSharedRender`, and
// allowed one after another with `throwOnSharedRender: false`.
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

const sharingWarning =
  /two server renders read one store at once|a second server render reads a store/;

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

    it('warns (development) when one store serves a second request after the first: it carries the first user’s data', async () => {
      const warnings = sharingWarnings();
      const shared = adapter.create();
      await renderFor(shared, 1);
      expect(warnings()).toEqual([]);
      // What the warning is about: the second page's state carries the first request's todo.
      expect(await renderFor(shared, 2)).toMatchObject({ todos: ['1', '2'] });
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]).toMatch(/^Tessera: a second server render reads a store an earlier/);
      await renderFor(shared, 3);
      expect(warnings()).toHaveLength(1);
      adapter.dispose(shared);
    });

    it('in production, fails the second render, after the first (TSR85) or at once (TSR81)', async () => {
      vi.stubEnv('NODE_ENV', 'production');
      try {
        const warnings = sharingWarnings();
        const reused = adapter.create();
        expect((await renderFor(reused, 1)).todos).toEqual(['1']);
        await expect(renderFor(reused, 2)).rejects.toThrow(/^TSR85$/);
        expect(t.api.requests).toEqual(['GET /todos/1']);
        adapter.dispose(reused);
        const shared = adapter.create();
        const [first, second] = await atOnce(
          [() => renderFor(shared, 3), () => renderFor(shared, 4)],
          2,
        );
        expect(first).toMatchObject({ status: 'fulfilled', value: { todos: ['3'] } });
        expect(second).toMatchObject({ status: 'rejected', reason: { message: 'TSR81' } });
        expect(warnings()).toEqual([]);
        adapter.dispose(shared);
      } finally {
        vi.unstubAllEnvs();
      }
    });

    it('with throwOnSharedRender: false, renders one after another share it quietly (public data), also after a failed one', async () => {
      const warnings = sharingWarnings();
      for (const mode of ['development', 'production']) {
        vi.stubEnv('NODE_ENV', mode);
        const shared = adapter.create({ throwOnSharedRender: false });
        await renderFor(shared, 1);
        await renderFor(shared, 2);
        t.api.failNext(500);
        await renderFor(shared, 3).catch(() => {});
        expect((await renderFor(shared, 4)).todos).toEqual(['1', '2', '4']);
        adapter.dispose(shared);
      }
      vi.unstubAllEnvs();
      expect(warnings()).toEqual([]);
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
      // Once the first is done too: the next render would carry its data.
      await expect(renderFor(guarded, 3)).rejects.toThrow(
        /^Tessera: a second server render reads this store after another one did/,
      );
      adapter.dispose(guarded);
    });
  });
}
