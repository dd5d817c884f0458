import { RestEndpoint } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { main } from './cli';
import { pathTemplate } from './endpointsFile';

describe('pathTemplate: OpenAPI paths in the v8 syntax of docs/reference/path-templates.md', () => {
  it.each([
    ['/pets/{petId}', '/pets/:petId'],
    ['/groups/{id}.json', '/groups/:id.json'],
    ['/files/{name}x', '/files/:"name"x'],
    ['/items/{item-id}', '/items/:"item-id"'],
    ['/a:b/(c)/{id}*', '/a\\:b/\\(c\\)/:id\\*'],
  ])('%s -> %s', (path, template) => {
    expect(pathTemplate(path)).toBe(template);
  });

  it('RestEndpoint builds the URLs the document names from them', () => {
    const url = (path: string, params: Record<string, string>) =>
      new RestEndpoint({ path: pathTemplate(path) }).url(params);
    expect(url('/groups/{id}.json', { id: '7' })).toBe('/groups/7.json');
    expect(url('/files/{name}x', { name: 'a' })).toBe('/files/ax');
    expect(url('/items/{item-id}', { 'item-id': 'b c' })).toBe('/items/b%20c');
    expect(url('/a:b/(c)/{id}*', { id: '1' })).toBe('/a:b/(c)/1*');
  });
});

describe('tessera (the bin)', () => {
  it('prints its usage and exits 2 without a command, a document or --out', async () => {
    const lines: string[] = [];
    const log = { error: (line: string) => lines.push(line) };
    expect(await main(['generate', 'api.yaml'], log)).toBe(2);
    expect(lines).toEqual([
      'Usage: tessera generate <openapi.json|yaml> --out <folder> [--key <Schema>=<property>]...',
    ]);
  });

  it('refuses a file that is not an OpenAPI 3.0 or 3.1 document, naming it', async () => {
    const lines: string[] = [];
    const log = { error: (line: string) => lines.push(line) };
    const file = new URL('../package.json', import.meta.url).pathname;
    expect(await main(['generate', file, '--out', '/nonexistent'], log)).toBe(1);
    expect(lines[0]).toMatch(/package\.json: not an OpenAPI document/);
  });
});
