// @vitest-environment node
// One store per server request, with Svelte's async server render (svelte/server): the cases
// are tests/support/sharedRenders.ts.
import { render } from 'svelte/server';
import { afterEach, expect, expectTypeOf, it, vi } from 'vitest';
import { serveTodoApi } from '../../../tests/support/serveTodoApi.js';
import { sharedRenderCases } from '../../../tests/support/sharedRenders.js';
import { createTessera, type TesseraOptions, tesseraContext } from '../src/index.js';
import AsyncTodo from './components/AsyncTodo.async.svelte';
import StateOnlyRoot from './components/StateOnlyRoot.svelte';

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

it('counts a root that sets the store as a render, with no reader below it', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const shared = createTessera();
  const page = async () => (await render(StateOnlyRoot, { props: { tessera: shared } })).body;
  expect(await page()).toContain('page');
  expect(warn).not.toHaveBeenCalled();
  // The second request's page would carry the first one's state.
  await page();
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0][0])).toMatch(/^Tessera: a second server render reads a store/);
  vi.stubEnv('NODE_ENV', 'production');
  try {
    await expect(page()).rejects.toThrow(/^TSR85$/);
  } finally {
    vi.unstubAllEnvs();
  }
  shared.dispose();
});
