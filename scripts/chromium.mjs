// Which Chromium the browser tests (and any browser benchmark) drive, decided in one place:
//   1. CHROMIUM_PATH, when set (it must exist: a wrong path is an error, not a silent fallback);
//   2. else the first `chromium`, `chromium-browser`, `google-chrome-stable` or `google-chrome`
//      on PATH (Debian's `apt-get install chromium` puts one at /usr/bin/chromium);
//   3. else the headless Chromium that the devDependency @sparticuz/chromium carries (x64 Linux),
//      unpacked once into node_modules/.cache with the libraries and fonts it needs, so a machine
//      with only Node runs the browser tests.
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const systemNames = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** Flags for every Chromium we launch: headless, as root in a container, nothing phoning home. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Containers often give /dev/shm only 64 MB, too little for a renderer.
  '--disable-dev-shm-usage',
];

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(pathVariable = '') {
  for (const dir of pathVariable.split(delimiter).filter(Boolean)) {
    for (const name of systemNames) {
      const file = join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

/**
 * The Chromium to launch: `{ executablePath, env, source }`. `env` holds the variables the
 * browser process needs on top of the current ones (only the npm Chromium needs any).
 * `options.env` replaces `process.env` for the lookup (tests use it to hide a system Chromium).
 */
export function findChromium({ env = process.env } = {}) {
  if (env.CHROMIUM_PATH) {
    if (!isExecutable(env.CHROMIUM_PATH))
      throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file`);
    return { executablePath: env.CHROMIUM_PATH, env: {}, source: 'CHROMIUM_PATH' };
  }
  const system = onPath(env.PATH);
  if (system) return { executablePath: system, env: {}, source: 'PATH' };
  return npmChromium();
}

/**
 * Launches a Chromium (by default the one `findChromium` gives) through playwright-core, with a
 * throwaway profile directory that `close()` removes.
 */
export async function launchChromium(
  browser = findChromium(),
  { viewport = { width: 900, height: 800 } } = {},
) {
  const profile = mkdtempSync(join(tmpdir(), 'tessera-chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browser.executablePath,
    args: chromiumArgs,
    env: { ...process.env, ...browser.env },
    headless: true,
    viewport,
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** @sparticuz/chromium, unpacked on first use into node_modules/.cache/tessera-chromium-VERSION. */
function npmChromium() {
  const hint =
    'Set CHROMIUM_PATH to a Chromium or Chrome binary, or install one (Debian: apt-get install chromium).';
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `No Chromium on PATH, and @sparticuz/chromium only carries one for x64 Linux. ${hint}`,
    );
  let entry;
  try {
    entry = import.meta.resolve('@sparticuz/chromium');
  } catch {
    throw new Error(`No Chromium on PATH, and @sparticuz/chromium is not installed. ${hint}`);
  }
  const packageDir = join(dirname(fileURLToPath(entry)), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const dir = join(repoRoot, 'node_modules', '.cache', `tessera-chromium-${version}`);
  // Complete whenever it exists: it appears in one rename.
  if (!existsSync(dir)) unpack(entry, join(packageDir, 'bin'), dir);
  return {
    executablePath: join(dir, 'chromium'),
    env: {
      // Its own NSS, NSPR and expat: the binary then needs nothing but glibc from the machine.
      LD_LIBRARY_PATH: [join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH]
        .filter(Boolean)
        .join(delimiter),
      // The machine's fonts when it has any, and the bundled Open Sans: without a single font,
      // text has no width and every layout check would pass for nothing.
      FONTCONFIG_FILE: join(dir, 'fonts.conf'),
    },
    source: `@sparticuz/chromium ${version}`,
  };
}

/**
 * Unpacks through the package's own API, which writes into os.tmpdir(): run in a child process
 * whose TMPDIR is a private staging folder, then moved into place in one rename, so parallel
 * runs and interrupted ones never see half a browser (and never share /tmp/chromium, which
 * other versions of the package also use).
 */
function unpack(entry, binDir, dir) {
  const staging = `${dir}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const script = `
    const { default: chromium, inflate } = await import(${JSON.stringify(entry)});
    await chromium.executablePath();
    await inflate(${JSON.stringify(join(binDir, 'al2023.tar.br'))});
  `;
  const { status, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, TMPDIR: staging },
    encoding: 'utf8',
  });
  if (status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Could not unpack @sparticuz/chromium:\n${stderr}`);
  }
  writeFileSync(
    join(staging, 'fonts.conf'),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${join(dir, 'fonts')}</dir>
  <cachedir>${join(dir, 'fonts-cache')}</cachedir>
</fontconfig>
`,
  );
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another run unpacked it first: use theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
}
