// `tessera generate` on public OpenAPI documents (test/documents/README.md): the output
// type-checks under the repository's strict settings, passes biome, is the same on every run,
// and its endpoints work against an msw server answering with the document's own examples.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStore, Entity, type RestEndpoint } from '@tessera/core';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli';
import { readDocument } from '../src/document';
import { BASE, mockOperations } from './mockServer';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../../..');
const out = join(here, 'generated');

/**
 * Where a document's example contradicts its own schema, the store refuses it with a typed
 * error and keeps what it had: these are expected, and nothing else may fail.
 */
const exampleDefects: Record<string, string[]> = {
  // Schema delete-budget requires `id`; its example has `budget_id` instead.
  'api.github.com': [
    'delete /organizations/{org}/settings/billing/budgets/{budget_id}: SchemaError: DeleteBudget: no usable primary key',
  ],
};

/** Each document, and the operations the msw test calls (GitHub's: every tenth). */
const documents = [
  { file: 'petstore.yaml', name: 'petstore', every: 1 },
  { file: 'api.github.com.json.gz', name: 'api.github.com', every: 10 },
  { file: 'listennotes.com.json', name: 'listennotes.com', every: 1 },
  { file: 'discourse.local.json', name: 'discourse.local', every: 1 },
  { file: 'placekit.co.json', name: 'placekit.co', every: 1 },
  { file: 'nexmo.com-account.json', name: 'nexmo.com-account', every: 1 },
  { file: 'postmarkapp.com-account.json', name: 'postmarkapp.com-account', every: 1 },
  { file: 'stripe.com.json.gz', name: 'stripe.com', every: 5 },
  {
    file: 'lending-library.yaml',
    name: 'lending-library',
    every: 1,
    args: ['--key', 'Branch=code'],
  },
];

/** What `main` printed to stderr, per document. */
const printed = new Map<string, string[]>();

function run(file: string, name: string, args: readonly string[] = []) {
  const lines: string[] = [];
  const log = { error: (line: string) => lines.push(line) };
  const input = join(here, 'documents', file);
  return main(['generate', input, '--out', join(out, name), ...args], log).then((code) => ({
    code,
    lines,
  }));
}

beforeAll(async () => {
  for (const { file, name, args } of documents) {
    rmSync(join(out, name), { recursive: true, force: true });
    const { code, lines } = await run(file, name, args);
    expect(code).toBe(0);
    printed.set(name, lines);
  }
  writeFileSync(
    join(out, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../../../tsconfig.base.json',
      // Only what this file writes: other tests write next to it, at their own pace.
      include: [...documents.map(({ name }) => name), 'calls.ts'],
    }),
  );
  // Calls as a user writes them, type-checked with the generated files.
  writeFileSync(
    join(out, 'calls.ts'),
    [
      "import { getAccounts, getBalance } from './stripe.com/endpoints';",
      '',
      'export const accounts = getAccounts({ limit: 3 });',
      'export const balance = getBalance();',
      '// @ts-expect-error: a GET takes no body',
      'getAccounts({ limit: 3 }, new URLSearchParams());',
      '// @ts-expect-error: limit is a number',
      "getAccounts({ limit: '3' });",
      '',
      "import { searchCatalogue, updateBook } from './lending-library/endpoints';",
      "import type { SearchSummary } from './lending-library/schemas';",
      '',
      '// Optional parameters and a body: a call with both, or with the body alone.',
      "export const found: Promise<SearchSummary> = searchCatalogue({ limit: 3 }, { text: 'x' });",
      "export const all: Promise<SearchSummary> = searchCatalogue({ text: 'x' });",
      "export const changed = updateBook({ isbn: '978-0' }, { title: 'New' });",
      '// @ts-expect-error: a book is found by its isbn',
      "updateBook({ id: 1 }, { title: 'New' });",
      '',
    ].join('\n'),
  );
});

describe('tessera generate', () => {
  it.each(documents)(
    '$name: writes schemas, endpoints, index and the unmapped report',
    ({ name }) => {
      for (const file of ['schemas.ts', 'endpoints.ts', 'index.ts', 'UNMAPPED.md']) {
        expect(readFileSync(join(out, name, file), 'utf8').length).toBeGreaterThan(0);
      }
      const unmapped = readFileSync(join(out, name, 'UNMAPPED.md'), 'utf8');
      const reported = printed.get(name)?.filter((line) => line.startsWith('not mapped: ')) ?? [];
      // Every line of the report was also printed, and the other way round.
      expect(reported.map((line) => `- ${line.slice('not mapped: '.length)}`)).toEqual(
        unmapped.split('\n').filter((line) => line.startsWith('- ')),
      );
    },
  );

  it('reports what it cannot map: header parameters, choices of several entities', () => {
    expect(printed.get('postmarkapp.com-account')).toContain(
      'not mapped: GET /servers: header parameter `X-Postmark-Account-Token` not mapped (send it from getHeaders or requestInit)',
    );
    expect(printed.get('api.github.com')).toContain(
      'not mapped: components.schemas.integration.owner: a choice (oneOf/anyOf) of several entities is not normalized (kept as plain data)',
    );
    expect(readFileSync(join(out, 'petstore', 'UNMAPPED.md'), 'utf8')).toContain(
      'Everything was mapped.',
    );
  });

  it('Petstore: an Entity with an explicit key, a Collection for the list, v8 path templates', () => {
    const schemas = readFileSync(join(out, 'petstore', 'schemas.ts'), 'utf8');
    expect(schemas).toContain(
      "export class Pet extends Entity {\n  id = 0;\n  name = '';\n  tag?: string;\n  static override get key() {\n    return 'Pet';\n  }\n}",
    );
    // `Error` would hide the global: renamed.
    expect(schemas).toContain(
      'export interface ErrorModel {\n  code: number;\n  message: string;\n}',
    );
    const endpoints = readFileSync(join(out, 'petstore', 'endpoints.ts'), 'utf8');
    expect(endpoints).toContain(
      "export const listPets = new RestEndpoint({\n  urlPrefix,\n  path: '/pets',\n  searchParams: {} as {\n    limit?: number;\n  },\n  schema: new Collection([Pet]),\n  name: 'listPets',\n});",
    );
    expect(endpoints).toContain("path: '/pets/:petId',");
    expect(endpoints).toContain("  method: 'POST',\n  body: undefined,");
  });

  it('docs/guide/openapi.md shows the Petstore output as the generator writes it', () => {
    const guide = readFileSync(join(root, 'docs/guide/openapi.md'), 'utf8');
    for (const file of ['schemas.ts', 'endpoints.ts']) {
      const block = new RegExp(
        `\`\`\`ts \\[${file.replace('.', '\\.')}\\]\n([\\s\\S]*?)\`\`\``,
      ).exec(guide);
      expect(block?.[1]).toBe(readFileSync(join(out, 'petstore', file), 'utf8'));
    }
  });

  it('GitHub: nested entities are schema fields, declared before the classes that hold them', () => {
    const schemas = readFileSync(join(out, 'api.github.com', 'schemas.ts'), 'utf8');
    const issue = /export class Issue extends Entity \{[\s\S]*?\n\}/.exec(schemas)?.[0] ?? '';
    expect(issue).toMatch(/static override schema = \{[\s\S]*user: NullableSimpleUser/);
    expect(issue).toMatch(/\n {2}id = 0;\n/);
    // A nullable entity schema: the field is `| null`, null by default.
    expect(issue).toContain('\n  user: NullableSimpleUser | null = null;\n');
    expect(issue).toContain('\n  assignees?: SimpleUser[];\n');
    expect(schemas.indexOf('export class NullableSimpleUser ')).toBeLessThan(
      schemas.indexOf('export class Issue '),
    );
    const endpoints = readFileSync(join(out, 'api.github.com', 'endpoints.ts'), 'utf8');
    expect(endpoints).toContain("path: '/repos/:owner/:repo/issues/:issue_number',");
  });

  it('Stripe: a body declared on a GET is left out and reported; getAccounts({ limit: 3 }) sends a plain GET', async () => {
    const endpoints = readFileSync(join(out, 'stripe.com', 'endpoints.ts'), 'utf8');
    const gets = endpoints.split('\n\n').filter((block) => /^\/\*\*.*\(GET /.test(block));
    expect(gets.length).toBeGreaterThan(200);
    expect(gets.filter((block) => block.includes('  body: '))).toEqual([]);
    const reported = printed.get('stripe.com') ?? [];
    expect(reported).toContain(
      'not mapped: GET /v1/accounts: request body ignored (fetch sends none with GET or HEAD)',
    );
    // Its `created` is a number or an object: the default searchToString refuses the object.
    expect(reported).toContain(
      'not mapped: GET /v1/accounts: query parameter `created` is an object: the default searchToString refuses nested objects (override it)',
    );
    expect(reported.filter((line) => line.includes('request body ignored'))).toHaveLength(
      gets.length,
    );

    const { getAccounts } = (await import(join(out, 'stripe.com', 'endpoints.ts'))) as {
      getAccounts: AnyEndpoint;
    };
    const seen: { method: string; url: string; body: string }[] = [];
    const account = { id: 'acct_1', object: 'account', type: 'standard' };
    const server = setupServer(
      http.all(`${BASE}/*`, async ({ request }) => {
        seen.push({ method: request.method, url: request.url, body: await request.text() });
        return HttpResponse.json({
          object: 'list',
          url: '/v1/accounts',
          has_more: false,
          data: [account],
        });
      }),
    );
    server.listen({ onUnhandledRequest: 'error' });
    const { controller, dispose } = createStore();
    try {
      const fetchAny = controller.fetch.bind(controller) as (
        endpoint: unknown,
        ...args: unknown[]
      ) => Promise<{ data: unknown[] }>;
      const answer = await fetchAny(getAccounts.extend({ urlPrefix: BASE }), { limit: 3 });
      expect(seen).toEqual([{ method: 'GET', url: `${BASE}/v1/accounts?limit=3`, body: '' }]);
      expect(answer.data).toHaveLength(1);
      expect(answer.data[0]).toBeInstanceOf(Entity);
      expect(answer.data[0]).toMatchObject(account);
    } finally {
      dispose();
      server.close();
    }
  });

  it('Stripe: "an id or the expanded object" stays as the server sent it (an id is not read as a missing entity)', async () => {
    const reported = printed.get('stripe.com') ?? [];
    expect(reported).toContain(
      'not mapped: components.schemas.charge.balance_transaction: a choice (oneOf/anyOf) between an entity and other data (an id?) is not normalized (kept as plain data)',
    );
    const { getChargesCharge } = (await import(join(out, 'stripe.com', 'endpoints.ts'))) as {
      getChargesCharge: AnyEndpoint;
    };
    const refund = { id: 're_1', object: 'refund', amount: 5, charge: 'ch_1' };
    const charge = {
      id: 'ch_1',
      object: 'charge',
      balance_transaction: 'txn_1',
      customer: 'cus_1',
      refunds: { object: 'list', data: [refund], has_more: false, url: '/v1/charges/ch_1/refunds' },
    };
    const server = setupServer(
      http.get(`${BASE}/v1/charges/ch_1`, () => HttpResponse.json(charge)),
    );
    server.listen({ onUnhandledRequest: 'error' });
    const { controller, dispose } = createStore();
    try {
      const endpoint = getChargesCharge.extend({ urlPrefix: BASE });
      const fetchAny = controller.fetch.bind(controller) as (
        endpoint: unknown,
        ...args: unknown[]
      ) => Promise<unknown>;
      await fetchAny(endpoint, { charge: 'ch_1' });
      const readAny = controller.getResponse.bind(controller) as (
        endpoint: unknown,
        ...args: unknown[]
      ) => { data: { refunds: { data: unknown[] } } };
      const read = readAny(endpoint, { charge: 'ch_1' }).data;
      expect(read).toBeInstanceOf(Entity);
      expect(read).toMatchObject({ balance_transaction: 'txn_1', customer: 'cus_1' });
      // The refunds list holds entities and nothing else: still normalized.
      expect(read.refunds.data[0]).toBeInstanceOf(Entity);
      expect(read.refunds.data[0]).toMatchObject(refund);
    } finally {
      dispose();
      server.close();
    }
  });

  it('Lending library: keys other than `id`, from an item path, `x-tessera-key` and `--key`', () => {
    const schemas = readFileSync(join(out, 'lending-library', 'schemas.ts'), 'utf8');
    // GET/PATCH /books/{isbn} answer a Book, which has an `isbn`.
    expect(schemas).toContain(
      "export class Book extends Entity {\n  isbn = '';\n  title = '';\n  branch?: Branch;\n  pk() {\n    return this.isbn;\n  }\n",
    );
    expect(schemas).toContain('  static override schema = { branch: Branch };');
    // `x-tessera-key: cardNumber`.
    expect(schemas).toContain(
      "export class Member extends Entity {\n  cardNumber = '';\n  name = '';\n  pk() {\n    return this.cardNumber;\n  }\n",
    );
    // `--key Branch=code`.
    expect(schemas).toContain(
      "export class Branch extends Entity {\n  code = '';\n  name = '';\n  pk() {\n    return this.code;\n  }\n",
    );
    expect(schemas).toContain('  static override schema = { book: Book, member: Member };');
    // A review has no key at all: plain, and said so.
    expect(schemas).toContain('export interface Review {');
    const unmapped = readFileSync(join(out, 'lending-library', 'UNMAPPED.md'), 'utf8');
    expect(unmapped).toBe(
      '# Not mapped from lending-library.yaml\n\n- components.schemas.Review: left plain, not an Entity, though GET /books/{isbn}/reviews answers it: it has no required `id`, and no item path parameter names one of its properties. Name its key with `x-tessera-key` on the schema or `--key Review=<property>`\n',
    );
  });

  it('Lending library: after updateBook, listLoans shows the new title (a Loan holds the Book entity)', async () => {
    const api = (await import(join(out, 'lending-library', 'endpoints.ts'))) as Record<
      string,
      AnyEndpoint
    >;
    const books = new Map([
      ['978-0', { isbn: '978-0', title: 'Old title', branch: { code: 'N', name: 'North' } }],
    ]);
    const member = { cardNumber: 'C-7', name: 'Ada' };
    const server = setupServer(
      http.get(`${BASE}/loans`, () =>
        HttpResponse.json([
          { id: 1, book: books.get('978-0'), member, due: '2026-12-01' },
          { id: 2, book: books.get('978-0'), member, due: '2026-12-08' },
        ]),
      ),
      http.patch(`${BASE}/books/:isbn`, async ({ params, request }) => {
        const book = books.get(String(params.isbn));
        if (!book) return new HttpResponse(null, { status: 404 });
        Object.assign(book, (await request.json()) as object);
        return HttpResponse.json(book);
      }),
    );
    server.listen({ onUnhandledRequest: 'error' });
    const { controller, dispose } = createStore();
    const at = (endpoint: AnyEndpoint) => endpoint.extend({ urlPrefix: BASE }) as AnyEndpoint;
    const fetchAny = controller.fetch.bind(controller) as (
      endpoint: unknown,
      ...args: unknown[]
    ) => Promise<unknown>;
    const readAny = controller.getResponse.bind(controller) as (
      endpoint: unknown,
      ...args: unknown[]
    ) => { data: unknown };
    type Loan = { book: { isbn: string; title: string; branch: { code: string } } };
    try {
      const listLoans = at(api.listLoans);
      await fetchAny(listLoans);
      const before = readAny(listLoans).data as Loan[];
      expect(before.map((loan) => loan.book.title)).toEqual(['Old title', 'Old title']);
      // One Book, stored once: both loans hold the same instance.
      expect(before[0].book).toBeInstanceOf(Entity);
      expect(before[0].book).toBe(before[1].book);

      await fetchAny(at(api.updateBook), { isbn: '978-0' }, { title: 'New title' });
      const after = readAny(listLoans).data as Loan[];
      expect(after.map((loan) => loan.book.title)).toEqual(['New title', 'New title']);
      expect(after[0].book.branch.code).toBe('N');
    } finally {
      dispose();
      server.close();
    }
  });

  it('re-running on an unchanged document changes nothing', async () => {
    const before = new Map(
      documents.map(({ name }) => [name, readFileSync(join(out, name, 'endpoints.ts'), 'utf8')]),
    );
    for (const { file, name, args } of documents) {
      const { lines } = await run(file, name, args);
      expect(lines.at(-1)).toMatch(/ \(0 changed\), /);
      expect(readFileSync(join(out, name, 'endpoints.ts'), 'utf8')).toBe(before.get(name));
    }
  });

  it('the output type-checks (tsc --strict, the repository settings)', () => {
    const tsc = spawnSync(
      join(root, 'node_modules/.bin/tsc'),
      ['-p', join(out, 'tsconfig.json'), '--noEmit'],
      { encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('the output passes biome (lint and format) as the repository configures it', () => {
    const biome = spawnSync(
      join(root, 'node_modules/.bin/biome'),
      [
        'check',
        '--vcs-use-ignore-file=false',
        '--files-max-size=50000000',
        ...documents.map(({ name }) => join(out, name)),
      ],
      { encoding: 'utf8', cwd: root },
    );
    expect(biome.stderr + biome.stdout).not.toMatch(/error|warning/i);
    expect(biome.status).toBe(0);
  });
});

type AnyEndpoint = RestEndpoint & ((...args: unknown[]) => Promise<unknown>);

describe('the generated endpoints against an msw server built from the document', () => {
  it.each(documents)(
    '$name: the operations answer through the store',
    async ({ file, name, every }) => {
      const document = await readDocument(join(here, 'documents', file));
      const operations = mockOperations(document);
      // Literal segments before parameters, so `/user/repos` is not taken for `/user/:p0`.
      const ordered = [...operations].sort((a, b) =>
        a.mswPath.replace(/:p\d+/g, '\uffff') < b.mswPath.replace(/:p\d+/g, '\uffff') ? -1 : 1,
      );
      const server = setupServer(
        ...ordered.map((operation) =>
          http[operation.method](`${BASE}${operation.mswPath}`, () =>
            operation.body === undefined
              ? new HttpResponse(null, {
                  status: operation.status === 200 ? 204 : operation.status,
                })
              : HttpResponse.json(operation.body as never, { status: operation.status }),
          ),
        ),
      );
      server.listen({ onUnhandledRequest: 'error' });
      const exported = (await import(join(out, name, 'endpoints.ts'))) as Record<string, unknown>;
      const byName = new Map<string, AnyEndpoint>();
      for (const value of Object.values(exported)) {
        if (typeof value === 'function')
          byName.set((value as AnyEndpoint).name, value as AnyEndpoint);
      }
      const failures: string[] = [];
      let called = 0;
      let entities = 0;
      const { controller, dispose } = createStore();
      // Each endpoint has types of its own; this loop calls them all alike.
      const fetchAny = controller.fetch.bind(controller) as (
        endpoint: unknown,
        ...args: unknown[]
      ) => Promise<unknown>;
      try {
        for (const [index, operation] of operations.entries()) {
          if (index % every !== 0) continue;
          const generated = byName.get(
            operation.operationId ?? `${operation.method.toUpperCase()} ${operation.path}`,
          );
          if (!generated) {
            failures.push(`${operation.method} ${operation.path}: no endpoint generated`);
            continue;
          }
          const endpoint = generated.extend({ urlPrefix: BASE }) as AnyEndpoint;
          // A declared body (`body: {} as T`) or `body: undefined`; else the method's default.
          const takesBody =
            'body' in endpoint
              ? endpoint.body !== undefined
              : ['post', 'put', 'patch'].includes(operation.method);
          const args = takesBody ? [operation.params, {}] : [operation.params];
          try {
            called++;
            const data = await fetchAny(endpoint, ...args);
            if (containsEntity(data)) entities++;
          } catch (error) {
            failures.push(`${operation.method} ${operation.path}: ${String(error)}`);
          }
        }
      } finally {
        dispose();
        server.close();
      }
      const expected = exampleDefects[name] ?? [];
      const known = failures.map(
        (failure) => expected.find((start) => failure.startsWith(start)) ?? failure,
      );
      expect(known).toEqual(expected);
      expect(called).toBeGreaterThan(0);
      if (readFileSync(join(out, name, 'schemas.ts'), 'utf8').includes('extends Entity')) {
        expect(entities).toBeGreaterThan(0);
      }
    },
  );
});

function containsEntity(value: unknown, depth = 0): boolean {
  if (value instanceof Entity) return true;
  if (typeof value !== 'object' || value === null || depth > 3) return false;
  return Object.values(value).some((item) => containsEntity(item, depth + 1));
}
