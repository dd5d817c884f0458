// @tessera/svelte/kit in the browser: `startTessera` starts the app's one store from the page
// data, once; and the helpers' types against SvelteKit's own.
import type { ServerLoadEvent } from '@sveltejs/kit';
import type { DehydratedState } from '@tessera/core';
import { render, screen } from '@testing-library/svelte';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { serveTodoApi } from '../../../tests/support/serveTodoApi.js';
import { API, TodoResource } from '../../../tests/support/todoApi.js';
import { type Tessera, tesseraContext } from '../src/index.js';
import {
  type PreloadEvent,
  preload,
  startTessera,
  type TesseraPageData,
} from '../src/kit/index.js';
import RuneTodo from './components/RuneTodo.svelte';

const t = serveTodoApi();

function pageData(id: number): Promise<TesseraPageData> {
  const event: PreloadEvent = {
    request: new Request(`${API}/todos/${id}`),
    isDataRequest: false,
    parent: async () => ({}),
    fetch: (input, init) => fetch(input, init),
  };
  return preload(event, [[TodoResource.get, { id }]]);
}

describe('startTessera in the browser', () => {
  it('starts the one store of the app from the first page data, then keeps it', async () => {
    const tessera = startTessera(await pageData(1));
    render(RuneTodo, { props: { id: 1 }, context: tesseraContext(tessera) });
    expect(screen.getByTestId('title').textContent).toBe('Todo 1');
    expect(screen.getByTestId('state').textContent).toBe('idle');
    expect(t.api.requests).toEqual(['GET /todos/1']);
    // Later page data (client-side navigations) does not replace it.
    expect(startTessera(await pageData(2))).toBe(tessera);
    expect(tessera.store.getState().endpoints[TodoResource.get.key({ id: 2 })]).toBeUndefined();
    // A disposed store is replaced, from the page data it is given.
    tessera.dispose();
    const next = startTessera(await pageData(3));
    expect(next).not.toBe(tessera);
    expect(next.store.getState().endpoints[TodoResource.get.key({ id: 3 })]).toBe('3');
    next.dispose();
  });
});

describe('types', () => {
  it("takes SvelteKit's server load event and checks each call's arguments", () => {
    expectTypeOf<ServerLoadEvent>().toExtend<PreloadEvent>();
    const typeOnly = (event: PreloadEvent) => {
      expectTypeOf(
        preload(event, [
          [TodoResource.get, { id: 1 }],
          [TodoResource.getList, { userId: 2 }],
        ]),
      ).toEqualTypeOf<Promise<TesseraPageData>>();
      preload(event, [[TodoResource.get, null]]);
      // @ts-expect-error `get` needs an id
      preload(event, [[TodoResource.get, { userId: 1 }]]);
      // @ts-expect-error the second call's arguments are the list's, not `get`'s
      preload(event, [[TodoResource.getList], [TodoResource.get, { title: 'x' }]]);
      expectTypeOf(startTessera).parameter(0).toEqualTypeOf<TesseraPageData | null | undefined>();
      expectTypeOf(startTessera({ tessera: {} as DehydratedState })).toEqualTypeOf<Tessera>();
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
