// One store per server request, with Vue's server renderer (@vue/server-renderer): the cases
// are tests/support/sharedRenders.ts.
import { afterEach, expect, expectTypeOf, it, vi } from 'vitest';
import { createSSRApp, defineComponent, h, Suspense } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { serveTodoApi } from '../../../tests/support/serveTodoApi';
import { sharedRenderCases } from '../../../tests/support/sharedRenders';
import TodoTitle from '../test/TodoTitle.vue';
import { createTessera, type TesseraOptions } from './tessera';

const t = serveTodoApi({ rows: 24 });
afterEach(() => vi.restoreAllMocks());

sharedRenderCases(t, {
  create: createTessera,
  dispose: (tessera) => tessera.store.dispose(),
  render(tessera, id) {
    const Page = defineComponent(
      () => () => h(Suspense, null, { default: () => h(TodoTitle, { id }) }),
    );
    return renderToString(createSSRApp(Page).use(tessera));
  },
});

it('takes throwOnSharedRender as an optional boolean', () => {
  expectTypeOf<TesseraOptions['throwOnSharedRender']>().toEqualTypeOf<boolean | undefined>();
  // @ts-expect-error a flag, not a mode
  createTessera({ throwOnSharedRender: 'throw' }).store.dispose();
});

it('counts an app the store is installed in as a render, with no reader in it', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const shared = createTessera();
  // A page that shows none of the store's data: it would carry only its state script.
  const Page = defineComponent(() => () => h('main', 'page'));
  const page = () => renderToString(createSSRApp(Page).use(shared));
  expect(await page()).toBe('<main>page</main>');
  expect(warn).not.toHaveBeenCalled();
  await page();
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0][0])).toMatch(/^Tessera: a second server render reads a store/);
  vi.stubEnv('NODE_ENV', 'production');
  try {
    await expect(page()).rejects.toThrow(/^TSR85$/);
  } finally {
    vi.unstubAllEnvs();
  }
  shared.store.dispose();
});
