import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from '../scripts/chromium.mjs';

// The lookup of scripts/chromium.mjs, with PATH and CHROMIUM_PATH under the test's control.
const scratch = mkdtempSync(join(tmpdir(), 'tessera-chromium-lookup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function folderWith(name: string, file: string): string {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  writeFileSync(join(dir, file), '#!/bin/sh\n');
  chmodSync(join(dir, file), 0o755);
  return dir;
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, even with a Chromium on PATH', () => {
    const chosen = join(folderWith('chosen', 'my-chrome'), 'my-chrome');
    const onPath = folderWith('path', 'chromium');
    expect(findChromium({ env: { CHROMIUM_PATH: chosen, PATH: onPath } })).toEqual({
      executablePath: chosen,
      env: {},
      source: 'CHROMIUM_PATH',
    });
  });

  it('refuses a CHROMIUM_PATH that is not an executable instead of falling back', () => {
    const missing = join(scratch, 'no-such-chromium');
    expect(() => findChromium({ env: { CHROMIUM_PATH: missing } })).toThrow(
      `CHROMIUM_PATH=${missing} is not an executable file`,
    );
  });

  it('takes the first Chromium or Chrome on PATH, skipping folders without one', () => {
    const empty = mkdtempSync(join(scratch, 'empty-'));
    const debian = folderWith('debian', 'chromium-browser');
    const chrome = folderWith('chrome', 'google-chrome');
    expect(findChromium({ env: { PATH: [empty, debian, chrome].join(delimiter) } })).toEqual({
      executablePath: join(debian, 'chromium-browser'),
      env: {},
      source: 'PATH',
    });
  });

  it('falls back to the Chromium from npm (@sparticuz/chromium), which launches and renders text', {
    timeout: 180_000,
  }, async () => {
    const empty = mkdtempSync(join(scratch, 'empty-'));
    const found = findChromium({ env: { PATH: empty } });
    expect(found.source).toBe('@sparticuz/chromium 153.0.0');
    expect(existsSync(found.executablePath)).toBe(true);
    const browser = await launchChromium(found, { viewport: { width: 375, height: 600 } });
    try {
      const page = await browser.context.newPage();
      await page.setContent('<p><span id="text">Tessera</span></p>');
      expect(await page.evaluate(() => navigator.userAgent)).toContain('Chrome/153.');
      // Text has a width only when a font was found (its bundled one on a machine without any).
      const width = await page.locator('#text').evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
