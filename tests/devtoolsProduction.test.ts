// Zero bytes in production: `npm run size` bundles a typical app of each framework with and
// without the devtools, as a production build would (from dist/, so after `npm run build`).
// The devtools may add no more than 0.2 KB (min+gzip) to any of them.
import { describe, expect, it } from 'vitest';
import { measureSizes } from '../scripts/size.mjs';

const LIMIT = 0.2 * 1024;

describe('production builds', () => {
  it('of a typical app grow by at most 0.2 KB with the devtools imported', async () => {
    const { rows } = await measureSizes();
    const withDevtools = rows.filter((row) => row.id.endsWith('-devtools'));
    expect(withDevtools.map((row) => [row.id, row.skipped])).toEqual([
      ['typical-vanilla-devtools', undefined],
      ['typical-vue-devtools', undefined],
      ['typical-svelte-devtools', undefined],
    ]);
    for (const row of withDevtools) {
      expect(row.over, row.label).toBeDefined();
      expect(row.over!.gzip, row.label).toBeLessThanOrEqual(LIMIT);
    }
  }, 60_000);
});
