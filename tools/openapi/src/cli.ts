import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readDocument } from './document';
import { generate } from './generate';

const USAGE =
  'Usage: tessera generate <openapi.json|yaml> --out <folder> [--key <Schema>=<property>]...';

/** `tessera generate <document> --out <folder> [--key Book=isbn]...`; returns the exit code. */
export async function main(
  args: readonly string[],
  log: Pick<Console, 'error'> = console,
): Promise<number> {
  const [command, file, ...rest] = args;
  let out: string | undefined;
  const keys: Record<string, string> = {};
  let usable = command === 'generate' && !!file;
  for (let i = 0; i < rest.length && usable; i += 2) {
    const [option, value] = [rest[i], rest[i + 1]];
    const pair = option === '--key' ? /^([^=]+)=([^=]+)$/.exec(value ?? '') : null;
    if (option === '--out' && value) out = value;
    else if (pair) keys[pair[1]] = pair[2];
    else usable = false;
  }
  if (!usable || !out) {
    log.error(USAGE);
    return 2;
  }
  let generated: ReturnType<typeof generate>;
  try {
    generated = generate(await readDocument(file), file, { keys });
  } catch (error) {
    log.error(`tessera generate: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const { files, unmapped } = generated;
  await mkdir(out, { recursive: true });
  let written = 0;
  for (const [name, content] of Object.entries(files)) {
    const path = join(out, name);
    // Unchanged files are not touched, so watchers and builds see no change.
    const before = await readFile(path, 'utf8').catch(() => undefined);
    if (before === content) continue;
    await writeFile(path, content);
    written++;
  }
  for (const line of unmapped) log.error(`not mapped: ${line}`);
  log.error(
    `tessera generate: ${Object.keys(files).length} files in ${out} (${written} changed), ${unmapped.length} not mapped (see UNMAPPED.md)`,
  );
  return 0;
}
