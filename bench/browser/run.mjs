#!/usr/bin/env node
// `npm run bench:browser`: builds every app in bench/browser for production, serves them, and
// drives them in headless Chromium at each API latency. Steps of every scenario interleave the
// contenders (in rotating order) so a noisy neighbour slows all of them alike. Writes
// results/results.json, results/chart.svg and the table in bench/README.md.
//   BENCH_BROWSER_ITERATIONS (default 20) measured steps per scenario, after 3 discarded ones
//   BENCH_BROWSER_LATENCIES  (default "0,50") API latencies in ms; scenarios that name their own
//                            (the optimistic ones: 50 and 300) run at those as well
//   BENCH_BROWSER_SCENARIOS  (default all) scenario keys to run, e.g. "optimistic,rollback"; a
//                            run of some prints its figures and targets and writes no files
//   --no-build               reuse bench/browser/dist
//   --report-only            rewrite chart.svg and the README table from results.json
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { findChromium, launchChromium } from '../../scripts/chromium.mjs';
import { benchDir, buildApp, distDir } from './build.mjs';
import { writeChart } from './chart.mjs';
import { contenders } from './contenders.mjs';
import { writeReadme } from './report.mjs';
import { scenarios as allScenarios, heapCycles, runStep } from './scenarios.mjs';
import { serve } from './serve.mjs';
import { summarize } from './stats.mjs';
import { checkTargets } from './targets.mjs';

const iterations = Number(process.env.BENCH_BROWSER_ITERATIONS ?? 20);
const warmup = 3;
const only = process.env.BENCH_BROWSER_SCENARIOS?.split(',');
const scenarios = only ? allScenarios.filter((s) => only.includes(s.key)) : allScenarios;
const asked = (process.env.BENCH_BROWSER_LATENCIES ?? '0,50').split(',').map(Number);
const latencies = [...new Set([...asked, ...scenarios.flatMap((s) => s.latencies ?? [])])].sort(
  (a, b) => a - b,
);
/** The scenarios run at a latency: their own latencies, else the ones asked for. */
const scenariosAt = (latency) =>
  scenarios.filter((s) => (s.latencies ? s.latencies.includes(latency) : asked.includes(latency)));
const heapCycleCount = 50;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

const outDir = join(benchDir, 'results');
if (process.argv.includes('--report-only')) {
  const report = JSON.parse(readFileSync(join(outDir, 'results.json'), 'utf8'));
  writeChart(report, join(outDir, 'chart.svg'));
  writeReadme(report);
  process.exit(0);
}

const sizes = {};
if (!process.argv.includes('--no-build')) {
  for (const contender of contenders) {
    sizes[contender.id] = await buildApp(contender);
    console.log(
      `built ${contender.id}: ${(sizes[contender.id] / 1024).toFixed(1)} kB gzipped JS (${elapsed()})`,
    );
  }
}

const chromium = findChromium();
const server = await serve(distDir);
const browser = await launchChromium(chromium);
const chromiumVersion = await (async () => {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  const { product } = await cdp.send('Browser.getVersion');
  await page.close();
  return product;
})();
const results = { latencies: {} };
try {
  for (const latency of latencies) {
    if (scenariosAt(latency).length === 0) continue;
    results.latencies[latency] = await measureAt(latency);
  }
} finally {
  await browser.close();
  await server.close();
}

async function openApp(contender, rows, latency) {
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => console.error(`${contender.id}: ${error.stack}`));
  await page.goto(`${server.url}/${contender.id}/index.html?rows=${rows}&latency=${latency}`);
  // Mounted at load: wait for the table before measuring anything.
  await page.waitForFunction(
    (rows) => document.querySelectorAll('#rows > tr').length === rows,
    rows,
  );
  await page.evaluate(() => window.__bench.idle());
  return page;
}

async function measureAt(latency) {
  const running = scenariosAt(latency);
  const rows = [...new Set(running.map((s) => s.rows))];
  const pages = {};
  for (const contender of contenders) {
    pages[contender.id] = {};
    for (const count of rows) pages[contender.id][count] = await openApp(contender, count, latency);
  }
  console.log(`${latency} ms: pages open (${elapsed()})`);
  const out = { scenarios: {}, heap: {} };
  for (const scenario of running) {
    const samples = Object.fromEntries(contenders.map((c) => [c.id, []]));
    const errors = {};
    for (let i = 0; i < warmup + iterations; i += 1) {
      // Rotate the order so no contender always runs right after another.
      const order = contenders.map((_, k) => contenders[(k + i) % contenders.length]);
      for (const contender of order) {
        if (errors[contender.id]) continue;
        try {
          const sample = await runStep(pages[contender.id][scenario.rows], scenario.step(i));
          if (i >= warmup) samples[contender.id].push(sample);
        } catch (error) {
          errors[contender.id] = String(error.message ?? error).split('\n')[0];
          console.error(`${contender.id} ${scenario.key}: ${errors[contender.id]}`);
        }
      }
    }
    out.scenarios[scenario.key] = Object.fromEntries(
      contenders.map((c) => [
        c.id,
        errors[c.id]
          ? { error: errors[c.id] }
          : {
              ms: summarize(samples[c.id].map((s) => s.ms)),
              requests: summarize(samples[c.id].map((s) => s.requests)),
              renders: summarize(samples[c.id].map((s) => s.renders)),
              // Steps that must undo what they showed: did every one of them?
              ...('rolledBack' in (samples[c.id][0] ?? {}) && {
                rolledBack: samples[c.id].every((s) => s.rolledBack),
              }),
            },
      ]),
    );
    const line = contenders
      .map((c) => {
        const { ms, renders } = out.scenarios[scenario.key][c.id];
        return `${c.id} ${ms?.median.toFixed(1) ?? 'error'} ms (${renders?.median ?? '?'} row renders)`;
      })
      .join(', ');
    console.log(`${latency} ms · ${scenario.title}: ${line} (${elapsed()})`);
  }
  // The heap is measured at the latencies asked for, on the table's page, in a whole run.
  for (const contender of !only && asked.includes(latency) ? contenders : []) {
    out.heap[contender.id] = await heapCycles(pages[contender.id][1000], heapCycleCount);
    const { start, end, change } = out.heap[contender.id];
    console.log(
      `${latency} ms · heap ${contender.id}: ${(start / 1e6).toFixed(2)} → ${(end / 1e6).toFixed(2)} MB (${(change * 100).toFixed(1)} %)`,
    );
  }
  for (const perRows of Object.values(pages)) {
    for (const page of Object.values(perRows)) await page.close();
  }
  return out;
}

const version = (name) =>
  JSON.parse(readFileSync(join(benchDir, '../../node_modules', name, 'package.json'), 'utf8'))
    .version;
const report = {
  date: new Date().toISOString(),
  machine: {
    node: process.version,
    cpu: `${cpus()[0].model} × ${cpus().length}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    chromium: `${chromiumVersion} (${chromium.executablePath}, from ${chromium.source})`,
  },
  versions: Object.fromEntries(
    [
      'vue',
      'svelte',
      '@tanstack/vue-query',
      '@tanstack/svelte-query',
      '@pinia/colada',
      'pinia',
      'vite',
      'playwright-core',
    ].map((name) => [name, version(name)]),
  ),
  method: {
    iterations,
    warmup,
    heapCycles: heapCycleCount,
    runSeconds: (Date.now() - started) / 1000,
  },
  contenders,
  scenarios: scenarios.map(({ key, title, rows }) => ({ key, title, rows })),
  sizes,
  ...results,
};
if (only) {
  for (const check of checkTargets(report)) {
    console.log(
      `${check.met ? 'met   ' : 'missed'} ${check.target} (${check.at}): ${check.figures}`,
    );
  }
  console.log(`done in ${elapsed()} (some scenarios: no files written)`);
} else {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeChart(report, join(outDir, 'chart.svg'));
  writeReadme(report);
  console.log(
    `done in ${elapsed()}: bench/browser/results/results.json, chart.svg, bench/README.md`,
  );
}
