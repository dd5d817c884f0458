// @vitest-environment node
// One store per server request, with Svelte's async server render (svelte/server): the cases
// are tests/support/sharedRenders.ts.
import { render } from 'svelte/server';
import { afterEach, expectTypeOf, it, vi } from 'vitest';
import { serveTodoApi } from '../../../tests/support/serveTodoApi.js';
import { sharedRenderCases } from '../../../tests/support/sharedRenders.js';
import { createTessera, type TesseraOptions, tesseraContext } from '../src/index.js';
import AsyncTodo from './components/AsyncTodo.async.svelte';

const t = serveTodoApi({ rows: 24 });
afterEach(() => vi.restoreAllMocks());

sharedRenderCases(t, {
  create: createTessera,
  dispose: (tessera) => tessera.dispose(),
  async render(tessera, id) {
    const props = { id, soft: false };
    return (await render(AsyncTodo, { props, context: tesseraContext(tessera) })).body;
  },
});

it('takes throwOnSharedRender as an optional boolean', () => {
  expectTypeOf<TesseraOptions['throwOnSharedRender']>().toEqualTypeOf<boolean | undefined>();
  // @ts-expect-error a flag, not a mode
  createTessera({ throwOnSharedRender: 'throw' }).dispose();
});
