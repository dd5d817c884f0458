// Runs groups of competing tasks with tinybench and prints ops/sec side by side, with each
// figure's ratio to a reference task of the same group (ratios, not absolute times, compare
// across noisy machines).
import { Bench } from 'tinybench';

export interface Contender {
  name: string;
  fn: () => unknown;
}

export interface GroupResult {
  title: string;
  rows: { name: string; hz: number; rme: number; samples: number }[];
}

const timeMs = Number(process.env.BENCH_TIME_MS ?? 600);

export async function runGroup(title: string, contenders: Contender[]): Promise<GroupResult> {
  const bench = new Bench({ time: timeMs, warmupTime: Math.min(200, timeMs / 3) });
  // Each contender starts on a collected heap, not paying for the garbage of the one before.
  const collect = () => (globalThis as { gc?: () => void }).gc?.();
  for (const c of contenders) bench.add(c.name, c.fn, { beforeAll: collect });
  await bench.run();
  const rows = bench.tasks.map((task) => {
    const result = task.result as unknown as {
      state?: string;
      error?: unknown;
      throughput?: { mean: number; rme: number };
      latency?: { samplesCount?: number };
      totalTime?: number;
    };
    if (result.error) throw result.error;
    return {
      name: task.name,
      hz: result.throughput?.mean ?? 0,
      rme: result.throughput?.rme ?? 0,
      samples: task.runs,
    };
  });
  return { title, rows };
}

export function printGroup(group: GroupResult, reference: string): void {
  const ref = group.rows.find((r) => r.name === reference)?.hz ?? Number.NaN;
  console.log(`\n${group.title}`);
  const nameWidth = Math.max(...group.rows.map((r) => r.name.length), 10);
  console.log(
    `  ${'library'.padEnd(nameWidth)}  ${'ops/sec'.padStart(12)}  ${'±%'.padStart(6)}  ${`vs ${reference}`.padStart(14)}`,
  );
  for (const r of group.rows) {
    const ratio = r.hz / ref;
    console.log(
      `  ${r.name.padEnd(nameWidth)}  ${formatHz(r.hz).padStart(12)}  ${r.rme.toFixed(1).padStart(6)}  ${`${ratio.toFixed(2)}×`.padStart(14)}`,
    );
  }
}

export function ratio(group: GroupResult, a: string, b: string): number {
  const ha = group.rows.find((r) => r.name === a)?.hz;
  const hb = group.rows.find((r) => r.name === b)?.hz;
  if (ha === undefined || hb === undefined) throw new Error(`no figure for ${a} or ${b}`);
  return ha / hb;
}

function formatHz(hz: number): string {
  if (hz >= 100) return Math.round(hz).toLocaleString('en-US');
  return hz.toFixed(2);
}
