// An SVG a person can read: one panel per framework and latency, one group of bars per
// scenario, each bar a contender's median time scaled to the slowest in its group.
import { writeFileSync } from 'node:fs';

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c'];
const BASELINE_COLOR = '#6b7280';
/** Tessera blue, the hand-written baseline grey, the libraries in between. */
const colorOf = (peers, k) => (peers[k].baseline ? BASELINE_COLOR : COLORS[k]);
const BAR = 13;
const GAP = 10;
const LABEL = 250;
const PLOT = 300;
const PANEL = LABEL + PLOT + 90;

const escapeXml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');

function panel(report, framework, latency, x) {
  const peers = report.contenders.filter((c) => c.framework === framework);
  const { scenarios } = report.latencies[latency];
  const parts = [
    `<text x="${x}" y="40" font-weight="bold">${escapeXml(framework)} · API latency ${latency} ms</text>`,
  ];
  let y = 60;
  for (const scenario of report.scenarios) {
    const results = peers.map((c) => scenarios[scenario.key]?.[c.id]?.ms?.median);
    const slowest = Math.max(...results.filter((v) => v !== undefined));
    parts.push(`<text x="${x}" y="${y + BAR}" font-size="12">${escapeXml(scenario.title)}</text>`);
    peers.forEach((_, k) => {
      const value = results[k];
      const top = y + k * BAR;
      if (value === undefined) return;
      const width = Math.max(1, (value / slowest) * PLOT);
      parts.push(
        `<rect x="${x + LABEL}" y="${top}" width="${width.toFixed(1)}" height="${BAR - 2}" fill="${colorOf(peers, k)}"/>`,
        `<text x="${x + LABEL + width + 4}" y="${top + BAR - 3}" font-size="10">${value.toFixed(1)} ms</text>`,
      );
    });
    y += peers.length * BAR + GAP;
  }
  return { svg: parts.join('\n'), height: y };
}

export function writeChart(report, path) {
  const frameworks = [...new Set(report.contenders.map((c) => c.framework))];
  const latencies = Object.keys(report.latencies);
  const rows = [];
  let top = 0;
  for (const framework of frameworks) {
    const peers = report.contenders.filter((c) => c.framework === framework);
    const legend = peers
      .map(
        (c, k) =>
          `<rect x="${k * 190}" y="0" width="12" height="12" fill="${colorOf(peers, k)}"/><text x="${k * 190 + 16}" y="11" font-size="12">${escapeXml(c.label)}</text>`,
      )
      .join('');
    const panels = latencies.map((latency, k) => panel(report, framework, latency, k * PANEL));
    const height = Math.max(...panels.map((p) => p.height));
    rows.push(
      `<g transform="translate(10 ${top + 10})">${legend}${panels.map((p) => p.svg).join('\n')}</g>`,
    );
    top += height + 20;
  }
  const width = latencies.length * PANEL + 20;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${top + 30}" font-family="sans-serif">`,
    '<title>Tessera browser benchmark: median time from action to DOM per scenario</title>',
    `<rect width="100%" height="100%" fill="white"/>`,
    ...rows,
    `<text x="10" y="${top + 20}" font-size="11" fill="#555">Median time from action to DOM (shorter is better); bars scaled to the slowest in each group. ${escapeXml(report.date.slice(0, 10))}, ${report.method.iterations} steps each.</text>`,
    '</svg>',
    '',
  ].join('\n');
  writeFileSync(path, svg);
}
