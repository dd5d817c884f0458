#!/usr/bin/env node
// `npm run api`: what each package publishes, read from its built declarations (dist/*.d.ts):
// how many names each entry exports, how many of them are runtime values, and how many `any`
// the declarations hold. Exits non-zero when the main entry of @tessera/core exports more than
// MAX_RUNTIME_VALUES runtime values (the public API stays readable in one sitting).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

// 43 since the fixture tools moved to `@tessera/core/testing` and what a reader or manager of
// your own is built from (isFetchDue, SharedListenable, toErrorLike) became public (issue 21);
// 44 with RetryManager, when retries and timeouts became an opt-in manager (issue 20); 45 with
// InfiniteObserver, the infinite-list reader every adapter wraps, beside EndpointObserver (issue 31);
// 47 with validateResponse and its ResponseValidationError, opt-in response validation (issue 34);
// 48 with PageManager, refetch on focus and reconnect and waiting while offline (issue 32;
// persistence is in its own subpath, @tessera/core/persist).
const MAX_RUNTIME_VALUES = 48;
const root = new URL('..', import.meta.url).pathname;

function packageDirs() {
  const dirs = [join(root, 'core')];
  for (const name of readdirSync(join(root, 'adapters'))) dirs.push(join(root, 'adapters', name));
  return dirs.filter((dir) => existsSync(join(dir, 'package.json')));
}

function declarationFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `any` keywords in declaration files (each file read once). */
function countAny(files) {
  let count = 0;
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node) => {
      if (node.kind === ts.SyntaxKind.AnyKeyword) count += 1;
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return count;
}

/**
 * Runtime values are what the built module really exports. An entry of Svelte components
 * (`.svelte` files, for the app's compiler) does not load in Node: its declarations' values count.
 */
async function runtimeValues(runtime, program, checker, file) {
  try {
    return Object.keys(await import(runtime)).length;
  } catch (error) {
    if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    const symbol = checker.getSymbolAtLocation(program.getSourceFile(file));
    return checker
      .getExportsOfModule(symbol)
      .filter((name) => checker.getAliasedSymbol(name).flags & ts.SymbolFlags.Value).length;
  }
}

/** Names the entry's declarations export (types and values). */
function exportedNames(program, checker, file) {
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  return symbol ? checker.getExportsOfModule(symbol).length : 0;
}

let failed = false;
for (const dir of packageDirs()) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const dist = join(dir, 'dist');
  const entries = Object.entries(pkg.exports ?? {})
    .filter(([, target]) => typeof target === 'object' && typeof target.types === 'string')
    .map(([subpath, target]) => [subpath, join(dir, target.types), join(dir, target.default)]);
  if (entries.length === 0 || !entries.every(([, file]) => existsSync(file))) {
    console.log(`${pkg.name}: no built declarations (run npm run build)`);
    failed = true;
    continue;
  }
  const program = ts.createProgram(
    entries.map(([, file]) => file),
    {
      noEmit: true,
      skipLibCheck: true,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
    },
  );
  const checker = program.getTypeChecker();
  const anyCount = countAny(declarationFiles(dist));
  for (const [subpath, file, runtime] of entries) {
    const names = exportedNames(program, checker, file);
    const values = await runtimeValues(runtime, program, checker, file);
    const entryName = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    console.log(`${entryName}: ${names} exported names, ${values} runtime values`);
    if (pkg.name === '@tessera/core' && subpath === '.' && values > MAX_RUNTIME_VALUES) {
      console.log(`  ✖ more than ${MAX_RUNTIME_VALUES} runtime values in the main entry`);
      failed = true;
    }
  }
  console.log(`  ${anyCount} \`any\` in ${pkg.name}'s declarations`);
}
process.exit(failed ? 1 : 0);
