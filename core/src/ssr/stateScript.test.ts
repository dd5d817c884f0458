// @vitest-environment happy-dom
// The state script: written on the server, read back in the browser (a DOM is needed to read it).
import { describe, expect, it } from 'vitest';
import { createStore } from '../managers/createStore';
import { localEndpoint } from '../managers/endpoints.test-helpers';
import { Entity } from '../schema';
import { readStateScript, renderStateScript, STATE_SCRIPT_ID } from './stateScript';

class Note extends Entity {
  id = 0;
  text = '';
  pk() {
    return this.id;
  }
}
const getNote = localEndpoint({
  key: ({ id }: { id: number }) => `GET /notes/${id}`,
  schema: Note,
  resolve: ({ id }: { id: number }) => ({ id, text: '' }),
});
const HOSTILE = '</script><script>alert(1)</script><!-- \u2028 \u2029 & <b>';

async function serverPage(id?: string) {
  const server = createStore();
  await server.controller.setResponse(getNote, { id: 1 }, { id: 1, text: HOSTILE });
  const script = renderStateScript(server.controller, id);
  server.dispose();
  return script;
}

describe('renderStateScript / readStateScript', () => {
  it('carries hostile data in one script the page cannot be broken out of', async () => {
    const page = await serverPage();
    expect(page.startsWith(`<script id="${STATE_SCRIPT_ID}" type="application/json">`)).toBe(true);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).not.toContain('<!--');
    expect(page).not.toMatch(/[\u2028\u2029]/);
    document.body.innerHTML = page;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.querySelectorAll('b')).toHaveLength(0);
    const browser = createStore({ initialState: readStateScript() });
    expect(browser.controller.getResponse(getNote, { id: 1 }).data).toEqual({
      id: 1,
      text: HOSTILE,
    });
    browser.dispose();
  });

  it('writes any id into the script attribute escaped, and reads it back by that id', async () => {
    const hostileId = `x" onload="alert(1)"><script>alert(2)</script><i a='&amp;`;
    const page = await serverPage(hostileId);
    const doc = new DOMParser().parseFromString(`<body>${page}</body>`, 'text/html');
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].getAttributeNames().sort()).toEqual(['id', 'type']);
    expect(scripts[0].id).toBe(hostileId);
    expect(doc.querySelector('i')).toBeNull();
    const state = readStateScript(hostileId, doc);
    expect(state?.meta[getNote.key({ id: 1 })]).toBeDefined();
  });

  it('reads undefined from a page without the script', () => {
    document.body.innerHTML = '<main></main>';
    expect(readStateScript()).toBeUndefined();
  });
});
