// The module's set-up in a real Nuxt (examples/nuxt's, loaded without building): what it adds
// to the app for the options given in nuxt.config.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadNuxt } from '@nuxt/kit';
import type { Nuxt } from 'nuxt/schema';
import type { Import } from 'unimport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composables, type ModuleOptions } from '../src/module';

const rootDir = fileURLToPath(new URL('../../../examples/nuxt', import.meta.url));
const buildDir = mkdtempSync(join(tmpdir(), 'tessera-nuxt-'));
let nuxt: Nuxt;

beforeAll(async () => {
  // What a nuxt.config's `tessera` key holds (Nuxt types it in the app's generated types).
  const tessera: ModuleOptions = {
    dataExpiryLength: 5_000,
    errorExpiryLength: 2_000,
    serverOrigin: 'http://api.internal:3001',
  };
  const overrides = { buildDir, tessera };
  nuxt = await loadNuxt({ cwd: rootDir, overrides });
});
afterAll(async () => {
  await nuxt?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

describe('@tessera/nuxt module', () => {
  it("hands the store's options to both sides, and the server origin to the server only", () => {
    expect(nuxt.options.runtimeConfig.public.tessera).toEqual({
      dataExpiryLength: 5_000,
      errorExpiryLength: 2_000,
    });
    expect(nuxt.options.runtimeConfig.tessera).toEqual({
      serverOrigin: 'http://api.internal:3001',
    });
  });

  it('installs a plugin for the server and one for the browser', () => {
    const ours = nuxt.options.plugins
      .map((plugin) => (typeof plugin === 'string' ? { src: plugin } : plugin))
      .filter((plugin) => plugin.src.includes('adapters/nuxt'))
      .map((plugin) => [plugin.src.replace(/.*\/runtime\//, ''), plugin.mode])
      .sort();
    expect(ours).toEqual([
      [expect.stringMatching(/^plugin\.client\./), 'client'],
      [expect.stringMatching(/^plugin\.server\./), 'server'],
    ]);
  });

  it('adds its Nitro plugin: the start-up check of serverOrigin, localFetch for in-process requests', () => {
    // Nitro's options are typed by nitropack's own types, not loaded here.
    const { nitro } = nuxt.options as unknown as { nitro: { plugins?: string[] } };
    const ours = (nitro.plugins ?? []).filter((plugin) =>
      /adapters\/nuxt\/.*runtime\/nitro(\.|$)/.test(plugin),
    );
    expect(ours).toHaveLength(1);
  });

  it("keeps the readers' onServerPrefetch in the browser's bundle (useId matches across sides)", () => {
    const { client } = nuxt.options.optimization.treeShake.composables;
    expect(client.vue).not.toContain('onServerPrefetch');
    // What Nuxt removes otherwise stays removed.
    expect(client.vue).toContain('onRenderTracked');
  });

  it("auto-imports the composables from @tessera/vue, not its useFetch (Nuxt's own)", async () => {
    const imports: Import[] = [];
    await nuxt.callHook('imports:extend', imports);
    const ours = imports
      .filter((entry) => entry.from === '@tessera/vue')
      .map((entry) => entry.name);
    expect(ours).toEqual([...composables]);
    expect(ours).toContain('useSuspense');
    expect(ours).not.toContain('useFetch');
  });

  it('auto-imports every composable @tessera/vue exports (by its name there), but useFetch', async () => {
    const vue = await import('@tessera/vue');
    const exported = Object.keys(vue).filter(
      (name) => /^use[A-Z]/.test(name) && name !== 'useFetch',
    );
    expect([...composables].sort()).toEqual(exported.sort());
  });
});
