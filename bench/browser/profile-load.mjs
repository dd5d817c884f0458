#!/usr/bin/env node
// `npm run bench:load-profile`: where the time of a first load goes. Builds the apps (with
// source maps), opens each at 1,000 rows and 0 ms of API latency, and samples the CPU with the
// DevTools protocol over repeated mounts of the table (the `load1000` step of run.mjs). Each
// sample's function is mapped back through the source map to the file it came from, and files
// are grouped by what they do: JSON parsing, normalizing, denormalizing, the rest of the store,
// the adapter, the framework's rendering, the browser's own work (style, layout, paint, GC).
// Prints a table per contender (ms per load) and writes it into bench/README.md.
//   BENCH_PROFILE_MOUNTS (default 30) loads sampled per contender, after 5 unsampled ones
//   --no-build           reuse bench/browser/dist (built with source maps)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { findChromium, launchChromium } from '../../scripts/chromium.mjs';
import { benchDir, buildApp, distDir } from './build.mjs';
import { contenders } from './contenders.mjs';
import { runStep, scenarios } from './scenarios.mjs';
import { serve } from './serve.mjs';

const mounts = Number(process.env.BENCH_PROFILE_MOUNTS ?? 30);
const warmup = 5;
const load = scenarios.find((s) => s.key === 'load1000');
/** Source maps of the bundles, by file. */
const consumers = new Map();

/** Groups, first match wins: [label, test on the original source path and the function name]. */
const groups = [
  [
    'normalize',
    (source) => /core\/src\/(normalize\/normalize|tables\/|normalize\/TableWriter)/.test(source),
  ],
  ['denormalize + memo', (source) => /core\/src\/normalize\//.test(source)],
  ['schemas (Entity, Collection…)', (source) => /core\/src\/schema\//.test(source)],
  ['store, observers, managers', (source) => /core\/src\/|node_modules\/rxjs\//.test(source)],
  ['adapter (@tessera/vue, /svelte)', (source) => /adapters\/(vue|svelte)\//.test(source)],
  [
    'data library (TanStack, Colada)',
    (source) => /node_modules\/(@tanstack|@pinia|pinia)\//.test(source),
  ],
  ['framework (render, reactivity)', (source) => /node_modules\/(@vue|vue|svelte)\//.test(source)],
  ['app and mock API', (source, name) => /bench\/browser\//.test(source) || name === 'Response'],
  ['garbage collection', (_, name) => name === '(garbage collector)'],
  // Native code the framework calls: insertBefore, setAttribute, createElement...
  ['DOM calls (native)', (source, name) => !source && name !== '(program)' && name !== ''],
  // The renderer's own work outside JavaScript: parsing JSON bodies, style, layout, paint.
  ['browser ((program): JSON, style, layout, paint)', () => true],
];

if (!process.argv.includes('--no-build')) {
  for (const contender of contenders) await buildApp(contender);
}
const server = await serve(distDir);
const browser = await launchChromium(findChromium());
const rows = [];
try {
  for (const contender of contenders) {
    rows.push({ contender, ms: await profile(contender) });
    console.log(`${contender.id}: ${format(rows.at(-1).ms)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
writeReadme(rows);

/** ms per load in each group, for one contender. */
async function profile(contender) {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/${contender.id}/index.html?rows=${load.rows}&latency=0`);
  await page.waitForFunction(() => window.__bench?.actions);
  for (let i = 0; i < warmup; i += 1) await runStep(page, load.step(i));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  const totals = Object.fromEntries(groups.map(([label]) => [label, 0]));
  for (let i = 0; i < mounts; i += 1) {
    // Only the load is sampled, not the unmount before it.
    await page.evaluate(async () => {
      window.__bench.unmount();
      await window.__bench.idle();
    });
    await cdp.send('Profiler.start');
    await page.evaluate(
      (outcome) => window.__bench.measure(() => window.__bench.mount(), outcome),
      load.step(i).outcome,
    );
    const { profile } = await cdp.send('Profiler.stop');
    const groupOf = new Map(
      profile.nodes.map((node) => [node.id, classify(node.callFrame, contender)]),
    );
    const idle = new Set(
      profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((n) => n.id),
    );
    profile.samples.forEach((id, k) => {
      // Waiting for the next frame (measure waits for the page to settle) is not work.
      if (!idle.has(id)) totals[groupOf.get(id)] += profile.timeDeltas[k] / 1000;
    });
  }
  await page.close();
  return Object.fromEntries(Object.entries(totals).map(([label, ms]) => [label, ms / mounts]));
}

/** The original source path of a call frame of the app's bundle, through its source map. */
function sourceOf({ url, lineNumber, columnNumber }, contender) {
  if (!url.startsWith(server.url)) return '';
  const file = join(distDir, contender.id, new URL(url).pathname.split(`/${contender.id}/`)[1]);
  if (!consumers.has(file)) {
    let consumer = null;
    try {
      consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {}
    consumers.set(file, consumer);
  }
  const consumer = consumers.get(file);
  if (!consumer) return file;
  return (
    consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber }).source ?? file
  );
}

function classify(callFrame, contender) {
  const source = sourceOf(callFrame, contender);
  return groups.find(([, test]) => test(source, callFrame.functionName))[0];
}

function format(ms) {
  const total = Object.values(ms).reduce((a, b) => a + b, 0);
  return `${total.toFixed(1)} ms busy per load (${Object.entries(ms)
    .filter(([, v]) => v >= 0.05)
    .map(([label, v]) => `${label} ${v.toFixed(1)}`)
    .join(', ')})`;
}

function writeReadme(rows) {
  const lines = [
    `CPU time per first load of 1,000 rows at 0 ms of latency, in ms, from a sampling profile of ${mounts} loads per app (\`npm run bench:load-profile\`, ${new Date().toISOString().slice(0, 10)}). Busy time only: waiting for the next frame is not counted.`,
    '',
    `| group | ${rows.map((r) => r.contender.label).join(' | ')} |`,
    `|---|${rows.map(() => '---:').join('|')}|`,
  ];
  for (const [label] of groups) {
    lines.push(`| ${label} | ${rows.map((r) => r.ms[label].toFixed(1)).join(' | ')} |`);
  }
  const totals = rows.map((r) =>
    Object.values(r.ms)
      .reduce((a, b) => a + b, 0)
      .toFixed(1),
  );
  lines.push(`| **busy in all** | ${totals.map((t) => `**${t}**`).join(' | ')} |`);
  const readme = join(benchDir, '..', 'README.md');
  const start = '<!-- bench:load-profile:start -->';
  const end = '<!-- bench:load-profile:end -->';
  const text = readFileSync(readme, 'utf8');
  const block = `${start}\n${lines.join('\n')}\n${end}`;
  writeFileSync(
    readme,
    text.includes(start)
      ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
      : `${text.trimEnd()}\n\n### Where a first load's time goes\n\n${block}\n`,
  );
  console.log('bench/README.md: the load profile table');
}
