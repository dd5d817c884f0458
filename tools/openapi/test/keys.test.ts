// Which schemas become entities, and by which key: a required `id`, an item path's parameter
// naming a property, `x-tessera-key`, `--key`; and every resource left plain is reported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../src/cli';
import type { Json } from '../src/document';
import { generate } from '../src/generate';

const here = import.meta.dirname;
const library = (): Json =>
  parse(readFileSync(join(here, 'documents', 'lending-library.yaml'), 'utf8')) as Json;

/** The `export class X` or `export interface X` block of schemas.ts. */
function declaration(schemas: string, name: string): string {
  return new RegExp(`export (class|interface) ${name} [\\s\\S]*?\\n\\}`).exec(schemas)?.[0] ?? '';
}

/** A document of one schema answered by `GET <path>`. */
function single(path: string, schema: Json, extra: Json = {}): Json {
  const answer = {
    description: 'ok',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1' },
    paths: { [path]: { get: { operationId: 'getThing', responses: { '200': answer } } }, ...extra },
    components: { schemas: { Thing: schema } },
  };
}

const thing = (required: string[], more: Json = {}): Json => ({
  type: 'object',
  required,
  properties: { id: { type: 'integer' }, slug: { type: 'string' }, name: { type: 'string' } },
  ...more,
});

describe('the key of an entity', () => {
  it('without --key, the Branch a list answers is left plain and reported, never "Everything was mapped"', () => {
    const { files, unmapped } = generate(library(), 'lending-library.yaml');
    expect(declaration(files['schemas.ts'], 'Branch')).toBe(
      'export interface Branch {\n  code: string;\n  name: string;\n}',
    );
    expect(unmapped).toContain(
      'components.schemas.Branch: left plain, not an Entity, though GET /branches answers it: it has no required `id`, and no item path parameter names one of its properties. Name its key with `x-tessera-key` on the schema or `--key Branch=<property>`',
    );
    expect(files['UNMAPPED.md']).not.toContain('Everything was mapped');
    // The Book a Loan holds is still normalized: its key comes from /books/{isbn}.
    expect(declaration(files['schemas.ts'], 'Loan')).toContain(
      'static override schema = { book: Book, member: Member };',
    );
  });

  it('the keys option names it; a name that is no schema or no scalar property is a TypeError', () => {
    const { files } = generate(library(), 'lending-library.yaml', { keys: { Review: 'text' } });
    expect(declaration(files['schemas.ts'], 'Review')).toContain(
      '  pk() {\n    return this.text;\n  }',
    );
    expect(() => generate(library(), 'x.yaml', { keys: { Boook: 'isbn' } })).toThrow(
      new TypeError('key Boook=isbn: components.schemas has no schema Boook'),
    );
    expect(() => generate(library(), 'x.yaml', { keys: { Book: 'branch' } })).toThrow(
      new TypeError(
        'key Book=branch: components.schemas.Book has no string or number property `branch`',
      ),
    );
  });

  it('the CLI: a bad --key exits 1 naming it; a malformed one prints the usage', async () => {
    const file = join(here, 'documents', 'lending-library.yaml');
    const lines: string[] = [];
    const log = { error: (line: string) => lines.push(line) };
    const args = ['generate', file, '--out', join(here, 'generated', 'never')];
    expect(await main([...args, '--key', 'Book=nothing'], log)).toBe(1);
    expect(lines).toEqual([
      'tessera generate: key Book=nothing: components.schemas.Book has no string or number property `nothing`',
    ]);
    expect(await main([...args, '--key', 'Book'], log)).toBe(2);
    expect(await main([...args, '--keys', 'Book=isbn'], log)).toBe(2);
    expect(lines.slice(1)).toEqual([
      'Usage: tessera generate <openapi.json|yaml> --out <folder> [--key <Schema>=<property>]...',
      'Usage: tessera generate <openapi.json|yaml> --out <folder> [--key <Schema>=<property>]...',
    ]);
  });

  it('an x-tessera-key that names no property is reported and the rest decides', () => {
    const document = library();
    const member = (document.components as { schemas: Record<string, Json> }).schemas.Member;
    member['x-tessera-key'] = 'card';
    const { files, unmapped } = generate(document, 'lending-library.yaml');
    expect(unmapped).toContain(
      'components.schemas.Member: x-tessera-key "card" names no string or number property of it (ignored)',
    );
    // Nothing else names its key: plain, where a Loan holds it.
    expect(declaration(files['schemas.ts'], 'Member')).toMatch(/^export interface Member /);
  });

  it('a required `id` comes before an item path: /things/{slug} answering a Thing with an id', () => {
    const { files, unmapped } = generate(single('/things/{slug}', thing(['id'])), 'x.json');
    expect(declaration(files['schemas.ts'], 'Thing')).not.toContain('pk()');
    expect(declaration(files['schemas.ts'], 'Thing')).toMatch(/^export class Thing extends Entity/);
    expect(unmapped).toEqual([]);
  });

  it('a parameter named after the schema and the property counts (/things/{thingSlug}); an optional id too', () => {
    const bySlug = generate(single('/things/{thingSlug}', thing([])), 'x.json');
    expect(declaration(bySlug.files['schemas.ts'], 'Thing')).toContain('return this.slug;');
    const byId = generate(single('/things/{id}', thing([])), 'x.json');
    expect(declaration(byId.files['schemas.ts'], 'Thing')).toMatch(
      /^export class Thing extends Entity/,
    );
    expect(byId.unmapped).toEqual([]);
  });

  it('item paths naming two properties: plain, and both named in the report', () => {
    const other = {
      get: {
        operationId: 'getThingByName',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    };
    const { files, unmapped } = generate(
      single('/things/{slug}', thing([]), { '/things/by-name/{name}': other }),
      'x.json',
    );
    expect(declaration(files['schemas.ts'], 'Thing')).toMatch(/^export interface Thing /);
    expect(unmapped).toEqual([
      'components.schemas.Thing: left plain, not an Entity, though GET /things/{slug} answers it: its item paths name several of its properties (`slug` in /things/{slug}, `name` in /things/by-name/{name}). Name its key with `x-tessera-key` on the schema or `--key Thing=<property>`',
    ]);
  });

  it('a key unique only under other parameters (/shops/{shop}/things/{slug}) is no evidence: plain, and why', () => {
    const { files, unmapped } = generate(
      single('/shops/{shop}/things/{slug}', thing([])),
      'x.json',
    );
    expect(declaration(files['schemas.ts'], 'Thing')).toMatch(/^export interface Thing /);
    expect(unmapped).toEqual([
      'components.schemas.Thing: left plain, not an Entity, though GET /shops/{shop}/things/{slug} answers it: it has no required `id`, and its item path /shops/{shop}/things/{slug} names `slug` within other parameters only (unique there, maybe not everywhere). Name its key with `x-tessera-key` on the schema or `--key Thing=<property>`',
    ]);
  });
});
