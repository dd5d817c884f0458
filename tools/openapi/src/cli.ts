import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readDocument } from './document';
import { generate } from './generate';

const USAGE = 'Usage: tessera generate <openapi.json|yaml> --out <folder>';

/** `tessera generate <document> --out <folder>`; returns the exit code. */
export async function main(
  args: readonly string[],
  log: Pick<Console, 'error'> = console,
): Promise<number> {
  const [command, file, ...rest] = args;
  const outIndex = rest.indexOf('--out');
  const out = outIndex === -1 ? undefined : rest[outIndex + 1];
  if (command !== 'generate' || !file || !out) {
    log.error(USAGE);
    return 2;
  }
  let document: Awaited<ReturnType<typeof readDocument>>;
  try {
    document = await readDocument(file);
  } catch (error) {
    log.error(`tessera generate: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const { files, unmapped } = generate(document, file);
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
