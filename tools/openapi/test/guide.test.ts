// @vitest-environment happy-dom
// docs/guide/openapi.md, run: its generated files and its Vue page, mounted with the Tessera
// plugin against an msw server built from the Petstore document.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTessera } from '@tessera/vue';
import { mount } from '@vue/test-utils';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Component } from 'vue';
import { readDocument } from '../src/document';
import { mockOperations } from './mockServer';

// (happy-dom gives import.meta.url an http: scheme; the file's folder is still known.)
const here = import.meta.dirname;
const guide = readFileSync(resolve(here, '../../../docs/guide/openapi.md'), 'utf8');
const page = join(here, 'generated', 'guide');

/** The code block of the guide whose fence names `file`. */
function block(file: string): string {
  const start = guide.indexOf(`[${file}]\n`);
  const code = guide.slice(start + file.length + 3);
  return code.slice(0, code.indexOf('```'));
}

const server = setupServer();
beforeAll(async () => {
  mkdirSync(page, { recursive: true });
  for (const file of ['schemas.ts', 'endpoints.ts', 'PetList.vue']) {
    writeFileSync(join(page, file), block(file));
  }
  const document = await readDocument(join(here, 'documents', 'petstore.yaml'));
  // The document's server: the generated endpoints call it as they are.
  for (const operation of mockOperations(document)) {
    server.use(
      http[operation.method](`http://petstore.swagger.io/v1${operation.mswPath}`, () =>
        HttpResponse.json(operation.body as never, { status: operation.status }),
      ),
    );
  }
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

describe('docs/guide/openapi.md', () => {
  it('its Vue page lists the pets GET /pets answers, read through the store', async () => {
    const PetList = ((await import(join(page, 'PetList.vue'))) as { default: Component }).default;
    const tessera = createTessera();
    const wrapper = mount(PetList, { global: { plugins: [tessera] } });
    expect(wrapper.find('[role="status"]').text()).toBe('Loading pets…');
    await vi.waitFor(() => expect(wrapper.findAll('li')).toHaveLength(1));
    // The Petstore gives no examples: the mock answers with a value of the Pet schema.
    expect(wrapper.findAll('li').map((item) => item.text())).toEqual(['text (text)']);
    wrapper.unmount();
    tessera.store.dispose();
  });
});
