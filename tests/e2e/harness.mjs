// Shared plumbing for the browser tests: start an example (demo.mjs) in its own process group
// and always tear it down. The browser comes from scripts/chromium.mjs.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const demoScript = fileURLToPath(new URL('../../examples/demo.mjs', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const axeScript = fileURLToPath(import.meta.resolve('axe-core/axe.min.js'));

/**
 * Starts `examples/demo.mjs` for one example, detached so the whole process group (Vite and
 * anything it spawns) can be killed, with `env` added to its environment. Resolves once it
 * prints its URL.
 */
export function startExample(example, { latency = 0, timeoutMs = 60_000, env } = {}) {
  const child = spawn(
    process.execPath,
    [demoScript, '--example', example, '--port', '0', '--latency', String(latency)],
    {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    },
  );
  let output = '';
  const stop = () => killGroup(child);
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no URL after ${timeoutMs} ms`)), timeoutMs);
    const fail = (error) => {
      clearTimeout(timer);
      reject(new Error(`${example} example did not start: ${error.message}\n${output}`));
    };
    const onData = (chunk) => {
      output += chunk;
      const found = /example: (https?:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`exited (${code ?? signal})`)));
  });
  return { url, stop, output: () => output };
}

/** SIGTERM to the process group, then SIGKILL if it is still there after a grace period. */
export async function killGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const graceful = await Promise.race([
    exited.then(() => true),
    new Promise((resolve) => setTimeout(resolve, 5_000, false)),
  ]);
  // Kill what is left of the group either way (children that ignored SIGTERM).
  signalGroup('SIGKILL');
  if (!graceful) await exited;
}

/**
 * Opens `url` as a first visit would: what the site stored in the browser (the Vue example keeps
 * its store in IndexedDB across reloads) is cleared first. Returns once the app started: each
 * example exposes `window.tessera` after mounting (or hydrating) it, so a click is never made on
 * server-rendered markup that has no handlers yet.
 */
export async function newVisit(page, url) {
  const { origin } = new URL(url);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'indexeddb,local_storage',
    });
  } finally {
    await cdp.detach();
  }
  await page.goto(url);
  await page.waitForFunction(() => 'tessera' in window);
}

/** Polls `check` until it returns without throwing (the browser needs a moment to re-render). */
export async function eventually(check, { timeoutMs = 10_000, intervalMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** Calls the example's API directly (not through the page): `{ status, body }` (body on 200). */
export async function api(baseURL, path, init) {
  const response = await fetch(new URL(path, baseURL), init);
  return {
    status: response.status,
    body: response.status === 200 ? await response.json() : undefined,
  };
}

/**
 * Holds the page's requests to `pattern` with this method while `action(release)` runs, until it
 * calls `release()`. Afterwards (also when it throws) they are released and the route removed.
 */
export async function holdRequests(page, pattern, method, action) {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  const handler = async (route) => {
    if (route.request().method() === method) await gate;
    await route.continue();
  };
  await page.route(pattern, handler);
  try {
    return await action(release);
  } finally {
    release();
    await page.unroute(pattern, handler);
  }
}

/**
 * Answers the page's requests to `pattern` (with `method` only, when given) with `status` and a
 * JSON error body while `action()` runs; the route is removed afterwards, also when it throws.
 */
export async function failRequests(page, pattern, { status, method }, action) {
  const handler = (route) =>
    method === undefined || route.request().method() === method
      ? route.fulfill({ status, contentType: 'application/json', body: '{"error":{}}' })
      : route.continue();
  await page.route(pattern, handler);
  try {
    return await action();
  } finally {
    await page.unroute(pattern, handler);
  }
}

/** Paths (and queries) of the requests with this method the page sends while `action` runs. */
export async function requestsDuring(page, method, action) {
  const paths = [];
  const record = (request) => {
    const { pathname, search } = new URL(request.url());
    if (request.method() === method) paths.push(pathname + search);
  };
  page.on('request', record);
  try {
    await action();
  } finally {
    page.off('request', record);
  }
  return paths;
}

/**
 * Runs axe-core's audit (WCAG A and AA, and its best practices) on the page as it is now and
 * throws, listing each violation with the elements it found, when there is any.
 */
export async function assertAccessible(page, when) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeScript });
  const violations = await page.evaluate(async () => {
    // Stricter than axe's default: a placeholder (gone once typing starts) or a title (shown on
    // hover only) is no label. A field needs a <label>, aria-label or aria-labelledby.
    window.axe.configure({
      rules: [
        {
          id: 'label',
          any: [
            'implicit-label',
            'explicit-label',
            'aria-label',
            'aria-labelledby',
            'presentational-role',
          ],
        },
      ],
    });
    // Nuxt DevTools' own button (examples/nuxt on `nuxt dev`) is theirs to audit, not ours.
    const { violations } = await window.axe.run({ exclude: [['#nuxt-devtools-container']] });
    return violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary })),
    }));
  });
  if (violations.length === 0) return;
  const indent = (text, spaces) => text.replaceAll('\n', `\n${' '.repeat(spaces)}`);
  const report = violations.map(
    ({ id, impact, help, helpUrl, nodes }) =>
      `${id} (${impact}): ${help}\n  ${helpUrl}` +
      nodes.map(({ target, summary }) => `\n  - ${target}\n    ${indent(summary, 4)}`).join(''),
  );
  throw new Error(`accessibility violations ${when}:\n${report.join('\n')}`);
}
