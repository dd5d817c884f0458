// What `npm install` (which builds the packages) and `npm run demo` (which builds the SvelteKit
// example) print stays what the README says: the builds are configured not to print rolldown's
// plugin timings, a note about the build machine's speed that asks nothing of a user.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const tsdownConfigs = [
  'core',
  ...['adapters', 'tools'].flatMap((parent) =>
    readdirSync(join(repo, parent)).map((name) => `${parent}/${name}`),
  ),
]
  .map((folder) => `${folder}/tsdown.config.ts`)
  .filter((file) => existsSync(join(repo, file)));

describe('builds print no plugin timings', () => {
  it.each(tsdownConfigs)('%s', async (file) => {
    const { default: config } = await import(join(repo, file));
    for (const entry of [config].flat()) expect(entry.checks?.pluginTimings).toBe(false);
  });

  it('examples/sveltekit/vite.config.ts', async () => {
    const { default: config } = await import(join(repo, 'examples/sveltekit/vite.config.ts'));
    expect(config.build?.rolldownOptions?.checks?.pluginTimings).toBe(false);
  });
});
