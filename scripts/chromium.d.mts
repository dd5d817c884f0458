// Types of chromium.mjs, for the TypeScript tests and benchmarks that use it.
import type { BrowserContext } from 'playwright-core';

export interface FoundChromium {
  executablePath: string;
  /** Variables the browser process needs on top of the current environment. */
  env: Record<string, string>;
  /** `CHROMIUM_PATH`, `PATH`, or `@sparticuz/chromium VERSION`. */
  source: string;
}

export function findChromium(options?: { env?: Record<string, string | undefined> }): FoundChromium;

export function launchChromium(
  browser?: FoundChromium,
  options?: { viewport?: { width: number; height: number } },
): Promise<{ context: BrowserContext; close(): Promise<void> }>;
