#!/usr/bin/env node
// The public API of each published package, read from its built declarations (dist/*.d.ts) and
// kept in api-reports/<package>.api.md: for every entry (`@tessera/core`, `@tessera/core/live`,
// ...) each exported name with its declaration as users' TypeScript sees it (comments and
// private members left out), how many names and runtime values it exports, and how many `any`
// the package's declarations hold.
//   `npm run api`                          writes the reports (commit them with the change);
//   `node scripts/api-report.mjs --check`  (run by `npm test`) fails while a report differs from
//                                          the build, and prints the lines that differ.
// So a change to a public export that nobody meant fails the tests, and one that was meant shows
// in review as a diff of api-reports/. Both modes also fail when the main entry of @tessera/core
// exports more than MAX_RUNTIME_VALUES runtime values (the public API stays readable in one sitting).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

// 43 since the fixture tools moved to `@tessera/core/testing` and what a reader or manager of
// your own is built from (isFetchDue, SharedListenable, toErrorLike) became public (issue 21);
// 44 with RetryManager, when retries and timeouts became an opt-in manager (issue 20); 45 with
// InfiniteObserver, the infinite-list reader every adapter wraps, beside EndpointObserver (issue 31);
// 47 with validateResponse and its ResponseValidationError, opt-in response validation (issue 34);
// 48 with PageManager, refetch on focus and reconnect and waiting while offline (issue 32;
// persistence is in its own subpath, @tessera/core/persist); 52 when four rare controller methods
// became functions, so that only the apps that call them carry them (setResponse, setError,
// resetEntireStore, selectQuery: the same operations, not new ones; issue 42); 53 with the unshift
// merge that data-client users bring along (issue 45).
const MAX_RUNTIME_VALUES = 53;
const root = new URL('..', import.meta.url).pathname;
const reportsDir = join(root, 'api-reports');
const check = process.argv.includes('--check');

/** The published workspaces: core, the adapters and the tools (private ones left out). */
function packageDirs() {
  const dirs = [join(root, 'core')];
  for (const parent of ['adapters', 'tools'])
    for (const name of readdirSync(join(root, parent))) dirs.push(join(root, parent, name));
  return dirs.filter((dir) => {
    const file = join(dir, 'package.json');
    return existsSync(file) && !JSON.parse(readFileSync(file, 'utf8')).private;
  });
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
async function runtimeValues(runtime, exports, checker) {
  try {
    return Object.keys(await import(runtime)).length;
  } catch (error) {
    if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    return exports.filter((name) => resolved(checker, name).flags & ts.SymbolFlags.Value).length;
  }
}

const resolved = (checker, symbol) =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** A private member of a class is no part of its API (`private x;`, `#private;`). */
const isPrivateMember = (member) =>
  ts.isPrivateIdentifier(member.name ?? {}) ||
  ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Private;

/** One declaration as users' TypeScript sees it, without comments or private members. */
function printDeclaration(declaration) {
  let node = declaration;
  // `declare const a: A, b: B;` declares each name in a statement of its own here.
  if (ts.isVariableDeclaration(node)) {
    const list = node.parent;
    node = ts.factory.createVariableStatement(
      node.parent.parent.modifiers,
      ts.factory.createVariableDeclarationList([node], list.flags),
    );
  }
  if (ts.isClassDeclaration(node)) {
    node = ts.factory.updateClassDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      node.members.filter((member) => !isPrivateMember(member)),
    );
  }
  return printer
    .printNode(ts.EmitHint.Unspecified, node, declaration.getSourceFile())
    .replace(/^export (default )?/, '')
    .replace(/^declare /, '');
}

/** The report of one entry: each export sorted by name, then its declarations. */
function entryReport(checker, exports) {
  const sections = [];
  for (const symbol of [...exports].sort((a, b) => a.name.localeCompare(b.name))) {
    const target = resolved(checker, symbol);
    const declarations = (target.declarations ?? []).map(printDeclaration);
    const renamed = target.name !== symbol.name && target.name !== 'default';
    const header = renamed ? `// ${symbol.name} (declared as ${target.name})` : `// ${symbol.name}`;
    sections.push([header, ...declarations].join('\n'));
  }
  return sections.join('\n\n');
}

let failed = false;
const expected = new Map();
for (const dir of packageDirs()) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
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
  const anyCount = countAny(declarationFiles(join(dir, 'dist')));
  const lines = [
    `# ${pkg.name}: public API`,
    '',
    'Written by `npm run api` from the built declarations (dist/*.d.ts); `npm test` fails while it',
    'differs from them. A diff here is a change to what users import: review it as one.',
    '',
    `${anyCount} \`any\` in the package's declarations.`,
  ];
  for (const [subpath, file, runtime] of entries) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file));
    const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    const values = await runtimeValues(runtime, exports, checker);
    const entryName = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    console.log(`${entryName}: ${exports.length} exported names, ${values} runtime values`);
    if (pkg.name === '@tessera/core' && subpath === '.' && values > MAX_RUNTIME_VALUES) {
      console.log(`  ✖ more than ${MAX_RUNTIME_VALUES} runtime values in the main entry`);
      failed = true;
    }
    lines.push(
      '',
      `## ${entryName}`,
      '',
      `${exports.length} exported names, ${values} runtime values.`,
      '',
      '```ts',
      entryReport(checker, exports),
      '```',
    );
  }
  console.log(`  ${anyCount} \`any\` in ${pkg.name}'s declarations`);
  expected.set(`${pkg.name.replace(/^@tessera\//, '')}.api.md`, `${lines.join('\n')}\n`);
}

/** The lines that differ between two reports (`-` checked in, `+` built), by longest common subsequence. */
function differences(before, after, max = 40) {
  const a = before.split('\n');
  const b = after.split('\n');
  // common[i][j]: the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      common[i][j] =
        a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  const out = [];
  let i = 0;
  let j = 0;
  while ((i < a.length || j < b.length) && out.length < max) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i += 1;
      j += 1;
    } else if (j < b.length && (i === a.length || common[i][j + 1] >= common[i + 1][j]))
      out.push(`+ ${b[j++]}`);
    else out.push(`- ${a[i++]}`);
  }
  return out;
}

if (check) {
  for (const [name, text] of expected) {
    const file = join(reportsDir, name);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current === text) continue;
    failed = true;
    console.log(`✖ api-reports/${name} differs from the build: the public API changed.`);
    for (const line of differences(current, text)) console.log(`    ${line}`);
  }
  const stale = existsSync(reportsDir)
    ? readdirSync(reportsDir).filter((name) => name.endsWith('.api.md') && !expected.has(name))
    : [];
  for (const name of stale) {
    failed = true;
    console.log(`✖ api-reports/${name} reports a package that is not published`);
  }
  if (failed)
    console.log(
      'If the change is meant, run `npm run build && npm run api` and commit api-reports/ with it.',
    );
} else if (!failed) {
  mkdirSync(reportsDir, { recursive: true });
  for (const [name, text] of expected) writeFileSync(join(reportsDir, name), text);
  console.log(`wrote ${expected.size} reports to api-reports/`);
}
process.exit(failed ? 1 : 0);
