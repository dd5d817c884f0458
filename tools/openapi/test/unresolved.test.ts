// What the generator cannot read is named: a document that does not parse names its file, and
// every `$ref` that leads nowhere is a line of UNMAPPED.md, wherever it sits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli';
import type { Json } from '../src/document';
import { generate } from '../src/generate';

const folder = mkdtempSync(join(tmpdir(), 'tessera-openapi-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function run(name: string, content: string | Buffer) {
  const file = join(folder, name);
  writeFileSync(file, content);
  const lines: string[] = [];
  const code = await main(['generate', file, '--out', join(folder, 'out')], {
    error: (line: string) => lines.push(line),
  });
  return { code, lines, file };
}

describe('a document that does not parse', () => {
  it('JSON: the error names the file and the parser’s reason, and the command exits 1', async () => {
    const { code, lines, file } = await run('broken.json', '{"openapi": "3.0.0",\n  "paths": {,}}');
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`tessera generate: ${file}: cannot be read as JSON: `);
    expect(lines[0]).toMatch(/position|line|column|token/i);
  });

  it('YAML: the same, with the line the parser names', async () => {
    const { code, lines, file } = await run('broken.yaml', 'openapi: 3.0.0\npaths:\n  a: [1, 2\n');
    expect(code).toBe(1);
    expect(lines[0]).toContain(`tessera generate: ${file}: cannot be read as YAML: `);
    expect(lines[0]).toMatch(/at line \d+, column \d+/);
  });

  it('gzipped: a file that is not gzip is named too', async () => {
    const { code, lines, file } = await run('broken.json.gz', '{"openapi": "3.0.0"}');
    expect(code).toBe(1);
    expect(lines[0]).toContain(`tessera generate: ${file}: cannot be read as gzipped JSON: `);
    const good = await run('good.json.gz', gzipSync('{"openapi": "3.0.0", "paths": {}}'));
    expect(good.code).toBe(0);
  });
});

/** A small document with the given paths and components. */
function document(paths: Json, components: Json = {}): Json {
  return {
    openapi: '3.0.3',
    info: { title: 'Refs', version: '1' },
    servers: [{ url: 'https://api.test' }],
    paths,
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
      },
      ...components,
    },
  };
}

const petResponse = {
  description: 'A pet',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
};

describe('$refs that lead nowhere', () => {
  it('a response $ref to nothing: reported at its operation, and the endpoint has no schema', () => {
    const { files, unmapped } = generate(
      document(
        {
          '/pets/{id}': {
            get: {
              operationId: 'getPet',
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
              responses: { '200': { $ref: '#/components/responses/PetAnswer' } },
            },
          },
        },
        { responses: { Other: petResponse } },
      ),
      'refs.json',
    );
    expect(unmapped).toEqual([
      'GET /pets/{id} response 200: $ref to nothing: #/components/responses/PetAnswer (no response schema: the answer is not typed or normalized)',
    ]);
    expect(files['UNMAPPED.md']).toContain(`- ${unmapped[0]}\n`);
    expect(files['UNMAPPED.md']).not.toContain('Everything was mapped');
    expect(files['endpoints.ts']).toContain(
      "export const getPet = new RestEndpoint({\n  urlPrefix,\n  path: '/pets/:id',\n  name: 'getPet',\n});",
    );
  });

  it('a request body, a parameter and a path item that lead nowhere: each reported with what it costs', () => {
    const { files, unmapped } = generate(
      document({
        '/pets': {
          post: {
            operationId: 'addPet',
            parameters: [{ $ref: '#/components/parameters/Dry' }],
            requestBody: { $ref: '#/components/requestBodies/NewPet' },
            responses: { '201': petResponse },
          },
        },
        '/owners': { $ref: '#/components/pathItems/Owners' },
        '/toys': { $ref: 'toys.yaml#/paths/~1toys' },
      }),
      'refs.json',
    );
    expect(unmapped).toEqual([
      'POST /pets parameter: $ref to nothing: #/components/parameters/Dry (the parameter is left out)',
      'paths./owners: $ref to nothing: #/components/pathItems/Owners (no endpoint for its operations)',
      'paths./toys: an external $ref, not followed: toys.yaml#/paths/~1toys (no endpoint for its operations)',
      'POST /pets request body: $ref to nothing: #/components/requestBodies/NewPet (the body is typed unknown)',
    ]);
    expect(files['endpoints.ts']).toContain(
      "  method: 'POST',\n  body: {} as unknown,\n  schema: Pet,",
    );
  });

  it('a $ref the generator never reads (an error response, an unused schema) is reported where it first sits', () => {
    const { unmapped } = generate(
      document(
        {
          '/pets': {
            get: {
              operationId: 'listPets',
              responses: {
                '200': petResponse,
                '404': { $ref: '#/components/responses/NotFound' },
                '500': { $ref: '#/components/responses/NotFound' },
              },
            },
          },
        },
        {
          examples: {
            // Example values are data: this `$ref` key is not a reference.
            Odd: { value: { $ref: '#/nowhere' } },
          },
        },
      ),
      'refs.json',
    );
    expect(unmapped).toEqual([
      '#/components/responses/NotFound: $ref to nothing, at paths./pets.get.responses.404 and 1 more',
    ]);
  });

  it('a schema $ref to nothing is reported once, as before', () => {
    const { unmapped } = generate(
      document({
        '/pets': {
          get: {
            operationId: 'listPets',
            responses: {
              '200': {
                description: 'Pets',
                content: {
                  'application/json': { schema: { $ref: '#/components/schemas/Missing' } },
                },
              },
            },
          },
        },
      }),
      'refs.json',
    );
    expect(unmapped).toEqual(['#/components/schemas/Missing: $ref to nothing (typed unknown)']);
  });
});
