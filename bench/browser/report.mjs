// The Markdown tables of one run, written between markers into bench/README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir } from './build.mjs';
import { checkTargets } from './targets.mjs';

const START = '<!-- bench:browser:start -->';
const END = '<!-- bench:browser:end -->';

const fixed = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** "12.3 ms (10.1–14.0) · 3 req · 2.41×": median (quartiles), requests, ratio to the subject. */
function cell(result, subjectResult) {
  if (!result) return '';
  if (result.error) return `error: ${result.error}`;
  const { median, p25, p75 } = result.ms;
  const ratio =
    subjectResult?.ms && subjectResult !== result
      ? ` · **${(median / subjectResult.ms.median).toFixed(2)}×**`
      : '';
  const undone =
    result.rolledBack === undefined
      ? ''
      : result.rolledBack
        ? ' · rolled back'
        : ' · **not rolled back**';
  return `${fixed(median)} ms (${fixed(p25)}–${fixed(p75)}) · ${result.requests.median} req${ratio}${undone}`;
}

function tables(report) {
  const lines = [];
  for (const framework of [...new Set(report.contenders.map((c) => c.framework))]) {
    const peers = report.contenders.filter((c) => c.framework === framework);
    const subject = peers.find((c) => c.subject);
    const header = `| scenario | ${peers.map((c) => c.label).join(' | ')} |`;
    const rule = `|---|${peers.map(() => '---').join('|')}|`;
    for (const [latency, { scenarios, heap }] of Object.entries(report.latencies)) {
      lines.push(`#### ${framework}, API latency ${latency} ms`, '', header, rule);
      for (const scenario of report.scenarios) {
        const results = scenarios[scenario.key];
        if (!results) continue; // not run at this latency
        const cells = peers.map((c) => cell(results[c.id], subject && results[subject.id]));
        lines.push(`| ${scenario.title} | ${cells.join(' | ')} |`);
      }
      const renders = (key) =>
        peers.map((c) => scenarios[key]?.[c.id]?.renders?.median ?? '').join(' | ');
      for (const [key, title] of [
        ['update', 'update one todo'],
        ['rename', 'rename a user (100 rows show them)'],
        ['create', 'create at the start'],
        ['delete', 'delete one'],
        ['optimistic', 'optimistic update'],
      ]) {
        if (scenarios[key]) lines.push(`| row renders: ${title} | ${renders(key)} |`);
      }
      const heapCells = peers.map((c) => {
        const h = heap[c.id];
        return h
          ? `${(h.start / 1e6).toFixed(2)} → ${(h.end / 1e6).toFixed(2)} MB (${h.change >= 0 ? '+' : ''}${(h.change * 100).toFixed(1)} %)`
          : '';
      });
      if (heap[peers[0].id]) {
        lines.push(
          `| heap, ${heap[peers[0].id].cycles} table mount/unmount cycles | ${heapCells.join(' | ')} |`,
        );
      }
      const sizes = peers.map((c) =>
        report.sizes[c.id] ? `${(report.sizes[c.id] / 1024).toFixed(1)} kB` : '',
      );
      lines.push(`| JS, minified + gzipped | ${sizes.join(' | ')} |`, '');
    }
  }
  lines.push('#### Targets', '', '| target | where | | figures |', '|---|---|---|---|');
  for (const check of checkTargets(report)) {
    lines.push(
      `| ${check.target} | ${check.at} | ${check.met ? '✓ met' : '✗ missed'} | ${check.figures} |`,
    );
  }
  return lines.join('\n');
}

export function renderTables(report) {
  const { machine, versions, method } = report;
  return [
    `One run of \`npm run bench:browser\` on ${report.date.slice(0, 10)}: Node ${machine.node}, ${machine.cpu}, ${machine.memoryGiB} GiB, ${machine.chromium}; ` +
      `${Object.entries(versions)
        .map(([name, v]) => `${name} ${v}`)
        .join(', ')}. ` +
      `${method.iterations} measured steps per scenario after ${method.warmup} discarded, contenders interleaved; the whole run took ${Math.round(method.runSeconds)} s.`,
    '',
    "Each cell: median time from the action to the DOM showing its outcome (quartiles in brackets), requests the action sent, and in bold that time divided by Tessera's (above 1: Tessera is faster).",
    '',
    tables(report),
  ].join('\n');
}

export function writeReadme(report) {
  const path = join(benchDir, '..', 'README.md');
  const readme = readFileSync(path, 'utf8');
  const block = `${START}\n${renderTables(report)}\n${END}`;
  const next = readme.includes(START)
    ? readme.replace(new RegExp(`${START}[\\s\\S]*${END}`), block)
    : `${readme.trimEnd()}\n\n## Browser benchmark\n\n${block}\n`;
  writeFileSync(path, next);
}
