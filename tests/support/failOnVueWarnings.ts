// Loaded before the tests of every vitest project (vitest.config.ts `setupFiles`): a test during
// which Vue warns fails, with the warning. Vue prints its development warnings through
// `console.warn('[Vue warn]: …')`; in a long run they scroll by unseen, and each one is a mistake
// (a component with nothing to render, a prop of the wrong type, an inject that finds nothing).
// A test that means to provoke one replaces console.warn itself (vi.spyOn(console, 'warn')).
import { afterEach } from 'vitest';

const warnings: string[] = [];
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[Vue warn]')) warnings.push(args[0]);
  warn.apply(console, args);
};

afterEach(() => {
  const seen = warnings.splice(0);
  if (seen.length > 0) throw new Error(`Vue warned during this test:\n${seen.join('\n')}`);
});
