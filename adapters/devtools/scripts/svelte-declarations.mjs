#!/usr/bin/env node
// After svelte-package: the declarations it writes import a component as `./X.svelte`, which
// TypeScript resolves only through Svelte's editor tooling. Under `moduleResolution: node16`
// (and for @arethetypeswrong) that import does not resolve (TypeScript looks for `X.d.svelte.ts`),
// so an app type-checked with plain tsc lost the component's props. `./X.svelte.js` resolves to
// the `X.svelte.d.ts` svelte-package wrote beside it, in every resolution mode. Only the
// declarations change: the JavaScript still imports the `.svelte` file, for the app's compiler.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const dist = new URL('../dist/svelte/', import.meta.url).pathname;
const componentImport = /(from\s+['"])(\.{1,2}\/[^'"]+\.svelte)(['"])/g;

for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = join(entry.parentPath, entry.name);
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(componentImport, (_, head, specifier, tail) => {
    if (!existsSync(join(dirname(file), `${specifier}.d.ts`)))
      throw new Error(`${file}: no declarations for ${specifier} (${specifier}.d.ts)`);
    return `${head}${specifier}.js${tail}`;
  });
  if (fixed !== text) writeFileSync(file, fixed);
}
