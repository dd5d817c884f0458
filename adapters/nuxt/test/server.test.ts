// The module in a running Nuxt app: examples/nuxt's production build (made by `npm test`, or
// `npm run build -w @tessera/example-nuxt`), served by @nuxt/test-utils.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { $fetch, setup } from '@nuxt/test-utils/e2e';
import { createStore, EndpointObserver, hydrate } from '@tessera/core';
import { parse } from 'devalue';
import { describe, expect, it } from 'vitest';
import { PER_PAGE, TodoResource } from '../../../examples/vue/src/api';

const rootDir = fileURLToPath(new URL('../../../examples/nuxt', import.meta.url));
const output = `${rootDir}/.output`;
if (!existsSync(`${output}/server/index.mjs`)) {
  throw new Error(`No build of examples/nuxt: run \`npm run build -w @tessera/example-nuxt\``);
}

await setup({ rootDir, build: false, nuxtConfig: { nitro: { output: { dir: output } } } });

/** Nuxt's payload in a page, read back as the browser does (its wrappers taken off). */
function payloadOf(html: string): Record<string, unknown> {
  const json = /<script[^>]*id="__NUXT_DATA__"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('the page has no payload');
  const unwrap = (value: unknown) => value;
  return parse(json, {
    ShallowReactive: unwrap,
    Reactive: unwrap,
    ShallowRef: unwrap,
    Ref: unwrap,
    EmptyRef: unwrap,
    EmptyShallowRef: unwrap,
  });
}

describe('@tessera/nuxt in a server render', () => {
  it('fetches during the render (await useSuspense) and puts the state in the payload', async () => {
    const html = await $fetch<string>('/');
    expect(html).toContain('Describe the Analytical Engine');
    expect(html).not.toContain('__TESSERA_STATE__');
    // The browser's store starts from it and reads the list without a request.
    const store = createStore({
      start: false,
      initialState: hydrate(payloadOf(html).tessera),
    });
    const list = new EndpointObserver(store.controller, TodoResource.getList, [
      { perPage: PER_PAGE },
    ]);
    const { data, loading } = list.getSnapshot();
    expect(loading).toBe(false);
    expect(data?.map((todo) => todo.id)).toEqual([1, 2, 3, 4]);
    store.dispose();
  });

  it('gives each request a store of its own: the next render fetches anew', async () => {
    const counterIn = (html: string) => /id="counter-value">(\d+)</.exec(html)?.[1];
    const before = Number(counterIn(await $fetch<string>('/')));
    await $fetch('/api/counter', { method: 'POST' });
    expect(Number(counterIn(await $fetch<string>('/')))).toBe(before + 1);
  });

  it('renders the page a link leads to with its own data', async () => {
    const html = await $fetch<string>('/people');
    expect(html).toMatch(/Grace Hopper: <span class="open">\d+ open<\/span>/);
    expect(payloadOf(html).tessera).toMatchObject({
      endpoints: { 'GET /api/users': expect.anything() },
    });
  });
});
