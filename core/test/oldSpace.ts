import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// The real collector, so memory tests observe what V8 frees rather than how the code is built.
setFlagsFromString('--expose-gc');
export const collect: (options?: { type: 'minor' }) => void = runInNewContext('gc');

const oldSpace = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;

/**
 * Bytes that reached the old generation over `times` runs of `build`, each followed by two
 * young collections (what survives one is moved to the old generation by the next). `build`
 * runs in a frame of its own, so no register of the loop holds what it made.
 */
export function promotedOver(times: number, build: () => void): number {
  collect();
  const before = oldSpace();
  for (let i = 0; i < times; i++) {
    build();
    collect({ type: 'minor' });
    collect({ type: 'minor' });
  }
  return oldSpace() - before;
}
