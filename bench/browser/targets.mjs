// The targets, checked against one run's results for each framework that has a subject
// (Tessera) and the contenders named in them. Each entry says met or missed with its figures.

const UPDATE_AND_RENAME_FACTOR = 10;
const LOAD_MARGIN = 0.1;
const HEAP_MARGIN = 0.05;
/** One frame at 60 Hz. */
const FRAME_MS = 16;
const OPTIMISTIC_FACTOR = 10;
/** User 1 is shown on a tenth of the 1,000 rows. */
const RENAME_AFFECTED_ROWS = 100;

const ms = (value) => `${value.toFixed(1)} ms`;

export function checkTargets(report) {
  const checks = [];
  for (const [latency, { scenarios, heap }] of Object.entries(report.latencies)) {
    for (const subject of report.contenders.filter((c) => c.subject)) {
      const peers = report.contenders.filter((c) => c.framework === subject.framework);
      const tanstack = peers.find((c) => c.library === 'tanstack');
      const baseline = peers.find((c) => c.baseline);
      const at = `${subject.framework}, ${latency} ms`;
      const result = (scenario, contender) => scenarios[scenario]?.[contender.id];

      for (const scenario of ['update', 'rename']) {
        const own = result(scenario, subject);
        const their = tanstack && result(scenario, tanstack);
        if (!own?.ms || !their?.ms) continue;
        const ratio = their.ms.median / own.ms.median;
        const requests = own.requests.median;
        const faster = ratio >= UPDATE_AND_RENAME_FACTOR;
        if (scenario === 'update') {
          checks.push({
            target: `update one entity in two places: ≥ ${UPDATE_AND_RENAME_FACTOR}× TanStack, no extra request`,
            at,
            met: faster && requests === 1,
            figures: `${ms(own.ms.median)} vs ${ms(their.ms.median)} = ${ratio.toFixed(2)}×; requests ${requests} (the mutation only) vs ${their.requests.median}`,
          });
        } else {
          const renders = own.renders.median;
          checks.push({
            target: `rename a user on 1,000 rows: only affected rows re-render, ≥ ${UPDATE_AND_RENAME_FACTOR}× TanStack`,
            at,
            met: faster && renders === RENAME_AFFECTED_ROWS,
            figures: `${renders} row renders for ${RENAME_AFFECTED_ROWS} affected rows; ${ms(own.ms.median)} vs ${ms(their.ms.median)} = ${ratio.toFixed(2)}×`,
          });
        }
      }
      for (const scenario of ['load100', 'load1000']) {
        const own = result(scenario, subject);
        const base = baseline && result(scenario, baseline);
        if (!own?.ms || !base?.ms) continue;
        const ratio = own.ms.median / base.ms.median;
        checks.push({
          target: `first load (${scenario === 'load100' ? '100' : '1,000'} rows): within ${LOAD_MARGIN * 100} % of the hand-written baseline`,
          at,
          met: ratio <= 1 + LOAD_MARGIN,
          figures: `${ms(own.ms.median)} vs ${ms(base.ms.median)} = ${ratio.toFixed(2)}×`,
        });
      }
      const optimistic = result('optimistic', subject);
      if (optimistic?.ms) {
        checks.push({
          target: `optimistic update on screen within one frame (≤ ${FRAME_MS} ms)`,
          at,
          met: optimistic.ms.median <= FRAME_MS,
          figures: `${ms(optimistic.ms.median)} (quartiles ${ms(optimistic.ms.p25)}–${ms(optimistic.ms.p75)})`,
        });
        const refetch = tanstack && result('update', tanstack);
        if (refetch?.ms) {
          const ratio = refetch.ms.median / optimistic.ms.median;
          checks.push({
            target: `optimistic update: ≥ ${OPTIMISTIC_FACTOR}× TanStack's invalidate-and-refetch`,
            at,
            met: ratio >= OPTIMISTIC_FACTOR,
            figures: `${ms(optimistic.ms.median)} vs ${ms(refetch.ms.median)} = ${ratio.toFixed(1)}×`,
          });
        }
      }
      const rollback = result('rollback', subject);
      if (rollback && !rollback.error) {
        checks.push({
          target: 'a refused optimistic update rolls the row and the pane back on screen',
          at,
          met: rollback.rolledBack === true,
          figures: rollback.rolledBack ? 'rolled back in every step' : 'not rolled back',
        });
      } else if (rollback?.error) {
        checks.push({
          target: 'a refused optimistic update rolls the row and the pane back on screen',
          at,
          met: false,
          figures: rollback.error,
        });
      }
      const own = heap[subject.id];
      if (own) {
        checks.push({
          target: `heap after ${own.cycles} table mount/unmount cycles: within ${HEAP_MARGIN * 100} % of the start`,
          at,
          met: Math.abs(own.change) <= HEAP_MARGIN,
          figures: `${(own.start / 1e6).toFixed(2)} → ${(own.end / 1e6).toFixed(2)} MB (${own.change >= 0 ? '+' : ''}${(own.change * 100).toFixed(1)} %)`,
        });
      }
    }
  }
  return checks;
}
