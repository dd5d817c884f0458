#!/usr/bin/env node
// The last step of `npm run build`: renames the `private` class members (and members marked
// `/** @internal */`) of every published package to short names, in every dist/ JS file at
// once, so that a user's bundle carries `_a` where the source says `memo`. The names are worked
// out from the sources each time (no list to keep): a name is renamed only when every
// declaration of it in the packages' sources is such a member, every property read or object
// property written resolves to one, and it appears nowhere else: not in the published types
// (dist/*.d.ts), not in a string (`'memo' in x`, `x['memo']`), not in a .svelte/.vue file, not
// among the names other libraries read from our objects (RxJS, Svelte stores, Vue's
// reactive(), promises, JSON). esbuild does the renaming (its `mangleProps`, one fixed
// `mangleCache` for all files) and chains the source maps; it prints the code unminified,
// without most comments (the sources ship beside dist/).
// `node scripts/mangle.mjs --dry [--verbose]` prints what would be renamed (and what is kept, why).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
/** The packages whose dist/ is renamed together (adapters import core's dist). */
const packages = [
  'core',
  'adapters/vanilla',
  'adapters/vue',
  'adapters/svelte',
  'adapters/nuxt',
  'adapters/devtools',
];

/**
 * Names other code reads from our objects without our types saying so: promises, RxJS and
 * Svelte's store contract, Vue's reactive() and refs, JSON, errors, iteration and disposal.
 */
const protocol = new Set(
  'then catch finally subscribe unsubscribe next error complete closed set update value toJSON toString valueOf constructor prototype length name message stack cause handleEvent dispose source operator'.split(
    ' ',
  ),
);
/** Vue's reactive() flags (`__v_skip`...) and `$`-names (Svelte, Vue instances) are never ours to rename. */
const foreignPrefix = /^(__v_|\$)/;

const isTest = (file) => /\.test(-[^/]*)?\.|\/test\//.test(file);

function walk(dir, keep, files = []) {
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) walk(path, keep, files);
    else if (keep(path)) files.push(path);
  }
  return files;
}

const words = (text) => text.match(/[A-Za-z_$][\w$]*/g) ?? [];

/**
 * The names to rename (`private` class members, and members marked `@internal`), with every
 * reason a name is kept. `sourceRoot`: another tree laid out like this repository (a test's).
 */
export function mangleNames(sourceRoot = root) {
  const sources = packages.flatMap((dir) =>
    walk(join(sourceRoot, dir, 'src'), (file) => /\.ts$/.test(file) && !isTest(file)),
  );
  const { config } = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram(sources, options);
  const checker = program.getTypeChecker();
  const ours = new Set(sources);

  /** name → number of times it is written in the sources (the most used get the shortest names). */
  const candidates = new Map();
  const count = (name) => candidates.set(name, (candidates.get(name) ?? 0) + 1);
  /** name → why it is kept (first reason found). */
  const kept = new Map();
  /** Where an object with members to rename is indexed by a computed key. */
  const computed = [];
  const keep = (name, why) => {
    if (!kept.has(name)) kept.set(name, why);
  };

  const isClassMember = (node) =>
    (ts.isPropertyDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    ts.isClassLike(node.parent);
  const isParameterProperty = (node) =>
    ts.isParameter(node) && ts.isParameterPropertyDeclaration(node, node.parent);
  const isInternal = (node) => ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'internal');
  /** A declaration only our code reads: a `private` member, or one marked `@internal`. */
  const renamable = (node) =>
    ours.has(node.getSourceFile().fileName) &&
    (((isClassMember(node) || isParameterProperty(node)) &&
      (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Private) !== 0) ||
      ((isClassMember(node) || ts.isPropertySignature(node) || ts.isMethodSignature(node)) &&
        isInternal(node)));
  const allRenamable = (symbol) =>
    symbol?.declarations?.length > 0 && symbol.declarations.every(renamable);

  for (const file of program.getSourceFiles()) {
    if (!ours.has(file.fileName)) continue;
    const where = (node) =>
      `${relative(sourceRoot, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node) => {
      const parent = node.parent;
      if (ts.isStringLiteralLike(node)) {
        // `'memo' in x`, `x['memo']`, `defineProperty(x, 'memo')`: a name written as a string.
        if (/^[A-Za-z_$][\w$]*$/.test(node.text)) keep(node.text, `a string at ${where(node)}`);
      } else if (ts.isIdentifier(node) && parent.name === node) {
        const name = node.text;
        if (ts.isObjectLiteralElementLike(parent) && ts.isObjectLiteralExpression(parent.parent)) {
          // `{ memo: x }`: renamed with the member of the type it is written for.
          const type = checker.getContextualType(parent.parent);
          if (allRenamable(type?.getProperty(name))) count(name);
          else keep(name, `an object's property at ${where(node)}`);
        } else if (
          isClassMember(parent) ||
          isParameterProperty(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isMethodSignature(parent)
        ) {
          if (renamable(parent)) count(name);
          else keep(name, `a member at ${where(node)}`);
        } else if (ts.isPropertyAccessExpression(parent)) {
          if (allRenamable(checker.getSymbolAtLocation(node))) count(name);
          else keep(name, `a property read at ${where(node)}`);
        } else if (ts.isEnumMember(parent) || ts.isQualifiedName(parent)) {
          keep(name, `a property at ${where(node)}`);
        }
      }
      if (
        ts.isBindingElement(node) &&
        ts.isObjectBindingPattern(parent) &&
        ts.isIdentifier(node.propertyName ?? node.name)
      ) {
        // `const { memo } = x`
        const name = (node.propertyName ?? node.name).text;
        if (allRenamable(checker.getTypeAtLocation(parent).getProperty(name))) count(name);
        else keep(name, `a property read at ${where(node)}`);
      }
      if (
        ts.isElementAccessExpression(node) &&
        !ts.isStringLiteralLike(node.argumentExpression) &&
        !ts.isNumericLiteral(node.argumentExpression) &&
        checker.getTypeAtLocation(node.expression).getProperties().some(allRenamable)
      ) {
        // `x[key]` on an object with renamed members: a key typed as names keeps those names;
        // a mere `string` is fine when it comes from the object itself (Object.keys), wrong
        // when it is a name from the source.
        const key = checker.getTypeAtLocation(node.argumentExpression);
        const names = (key.isUnion() ? key.types : [key]).filter((t) => t.isStringLiteral());
        if (names.length > 0) for (const name of names) keep(name.value, `a key at ${where(node)}`);
        else computed.push(where(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  // The published types: every name in them but those of `private` and `@internal` members.
  for (const dir of packages) {
    for (const file of walk(join(sourceRoot, dir, 'dist'), (f) => f.endsWith('.d.ts'))) {
      const why = `in ${relative(sourceRoot, file)}`;
      const text = readFileSync(file, 'utf8');
      const types = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node) => {
        const hidden =
          (ts.canHaveModifiers(node) &&
            ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Private) ||
          ((ts.isPropertyDeclaration(node) ||
            ts.isMethodDeclaration(node) ||
            ts.isPropertySignature(node) ||
            ts.isMethodSignature(node)) &&
            isInternal(node));
        if (hidden) return;
        if (ts.isIdentifier(node) || ts.isStringLiteralLike(node)) keep(node.text, why);
        ts.forEachChild(node, visit);
      };
      visit(types);
    }
    // Components are compiled by the app's bundler: whatever they read stays as written.
    for (const file of walk(join(sourceRoot, dir, 'src'), (f) => /\.(svelte|vue)$/.test(f))) {
      for (const word of words(readFileSync(file, 'utf8')))
        keep(word, `in ${relative(sourceRoot, file)}`);
    }
  }
  for (const name of candidates.keys()) {
    if (protocol.has(name)) keep(name, 'read by other libraries');
    else if (foreignPrefix.test(name)) keep(name, 'a framework prefix');
  }

  const renamed = [...candidates]
    .filter(([name]) => !kept.has(name))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([name]) => name);
  const skipped = [...candidates.keys()]
    .filter((name) => kept.has(name))
    .sort()
    .map((name) => [name, kept.get(name)]);
  // Short names that no source or type uses anywhere: `_a`, `_b`... `_aa`.
  const taken = new Set([...kept.keys(), ...candidates.keys()]);
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const cache = {};
  let n = 0;
  for (const name of renamed) {
    let short;
    do {
      let i = n++;
      short = '_';
      do {
        short += letters[i % letters.length];
        i = Math.floor(i / letters.length) - 1;
      } while (i >= 0);
    } while (taken.has(short));
    cache[name] = short;
  }
  return { cache, skipped, computed };
}

const distFiles = () =>
  packages.flatMap((dir) =>
    walk(join(root, dir, 'dist'), (file) => file.endsWith('.js')).map((file) => ({ dir, file })),
  );

/** What the files weigh in an app: minified (names kept, as bundlers do) and gzipped, summed. */
async function shipped(files) {
  let bytes = 0;
  for (const { file } of files) {
    const { code } = await transform(readFileSync(file, 'utf8'), { minify: true, loader: 'js' });
    bytes += gzipSync(code, { level: 9 }).length;
  }
  return bytes;
}

async function mangle() {
  const { cache, skipped, computed } = mangleNames();
  const names = Object.keys(cache);
  const dry = process.argv.includes('--dry');
  console.log(`Renaming ${names.length} private and @internal members in dist/:`);
  console.log(`  ${names.map((name) => `${name}→${cache[name]}`).join(' ')}`);
  if (process.argv.includes('--verbose')) {
    console.log(`Kept ${skipped.length} private member names:`);
    for (const [name, why] of skipped) console.log(`  ${name}: ${why}`);
  } else console.log(`Kept ${skipped.length} private member names (--verbose says why).`);
  if (computed.length > 0) {
    console.log(
      `Indexed by a computed key while it has renamed members (make sure the key is never a source name):\n  ${computed.join('\n  ')}`,
    );
  }
  if (dry || names.length === 0) return;
  // Only the files that name one of them (else esbuild would reprint files it has nothing to change in).
  const named = new RegExp(`\\b(${names.join('|')})\\b`);
  const files = distFiles().filter(({ file }) => named.test(readFileSync(file, 'utf8')));
  const before = await shipped(files);
  for (const dir of packages) {
    const entryPoints = files.filter((f) => f.dir === dir).map((f) => f.file);
    if (entryPoints.length === 0) continue;
    await build({
      entryPoints,
      outdir: join(root, dir, 'dist'),
      outbase: join(root, dir, 'dist'),
      allowOverwrite: true,
      bundle: false,
      format: 'esm',
      // Neutral: no `process.env.NODE_ENV` folded in, no code lowered; only names change.
      platform: 'neutral',
      target: 'esnext',
      charset: 'utf8',
      sourcemap: true,
      mangleProps: new RegExp(`^(${names.join('|')})$`),
      mangleCache: cache,
      logLevel: 'warning',
    });
  }
  const after = await shipped(files);
  console.log(
    `${files.length} dist/ JS files changed; each minified and gzipped as an app's bundler would: ${before} → ${after} bytes (${after - before})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await mangle();
