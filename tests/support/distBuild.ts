import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** A package module's source path (core or an adapter, not a test): the package root, the module. */
const sourceModule = /^(.*\/(?:core|adapters\/[\w-]+))\/src\/(.+?)(\.ts|\.js|\.svelte)?(\?.*)?$/;
const isTest = /\.test(-[^/]*)?\.|\/test\//;

/** A barrel (`export … from` only): tsdown emits no file for it, its exports come from files it does. */
const onlyReExports = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .replace(/export\s+(type\s+)?(\*|\{[^}]*\})(\s+as\s+\w+)?\s+from\s+['"][^'"]+['"];?/g, '')
    .trim() === '';

/**
 * Runs tests on the published build: every import that resolves to a module of a package's
 * `src/` (a test's `./Controller`, or `@tessera/core` through the `source` condition) is served
 * from the file the build made of it in `dist/`, so the tests exercise what users install
 * (renamed members included, scripts/mangle.mjs). Needs `npm run build` first.
 */
export function distBuild(): Plugin {
  return {
    name: 'tessera-dist-build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const match = resolved && !isTest.test(resolved.id) && sourceModule.exec(resolved.id);
      if (!match) return resolved;
      const [, root, module, extension = '.ts'] = match;
      const built = `${root}/dist/${module}${extension === '.svelte' ? '.svelte' : '.js'}`;
      if (existsSync(built)) return built;
      if (onlyReExports(resolved.id.replace(/\?.*$/, ''))) return resolved;
      throw new Error(`${resolved.id} has no built file ${built}: run npm run build`);
    },
  };
}
