// One store per server request, with Vue's server renderer (@vue/server-renderer): the cases
// are tests/support/sharedRenders.ts.
import { afterEach, expectTypeOf, it, vi } from 'vitest';
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
