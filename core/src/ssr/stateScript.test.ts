// @vitest-environment happy-dom
// The state script: written on the server, read back in the browser (a DOM is needed to read it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localEndpoint } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { Entity } from '../schema';
import { setResponse } from '../store';
import { dehydrate } from './dehydrate';
import { serializeState } from './serializeState';
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
  await setResponse(server.controller, getNote, { id: 1 }, { id: 1, text: HOSTILE });
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

describe('readStateScript refuses what the server did not write', () => {
  /** A state whose note 1 reads `text`, as a page would carry it. */
  async function stateOf(text: string) {
    const server = createStore();
    await setResponse(server.controller, getNote, { id: 1 }, { id: 1, text });
    const json = serializeState(dehydrate(server.controller));
    server.dispose();
    return json;
  }
  /** console.error stands in for reportError, which happy-dom lacks. */
  function reported() {
    return vi.spyOn(console, 'error').mockImplementation(() => {});
  }
  afterEach(() => {
    vi.restoreAllMocks();
    document.head.innerHTML = '';
  });

  it('reads the real script under a forged <div> with the id above it (a user’s post)', async () => {
    const forged = await stateOf('forged');
    const real = await serverPage();
    // What a sanitizer lets through in a user's post: a div keeps its id.
    document.body.innerHTML = `<div id="app"><article><div id="${STATE_SCRIPT_ID}">${forged}</div></article></div>${real}`;
    const errors = reported();
    const browser = createStore({ initialState: readStateScript() });
    expect(errors).not.toHaveBeenCalled();
    expect(browser.controller.getResponse(getNote, { id: 1 }).data?.text).toBe(HOSTILE);
    browser.dispose();
  });

  it('refuses a forged <div> with the id when the page has no real script: the store starts empty', async () => {
    document.body.innerHTML = `<div id="app"><div id="${STATE_SCRIPT_ID}">${await stateOf('forged')}</div></div>`;
    const errors = reported();
    const state = readStateScript();
    expect(state).toBeUndefined();
    expect(errors).toHaveBeenCalledTimes(1);
    const [error] = errors.mock.calls[0];
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toMatch(/^The page state "__TESSERA_STATE__" is not read/);
    expect((error as TypeError).message).toContain('the first is a div');
    const browser = createStore({ initialState: state });
    expect(browser.controller.getResponse(getNote, { id: 1 }).data).toBeUndefined();
    browser.dispose();
  });

  it('refuses a JSON script with the id inside the page content, not a child of head or body', async () => {
    const forged = await stateOf('forged');
    document.body.innerHTML = `<div id="app"><script id="${STATE_SCRIPT_ID}" type="application/json">${forged}</script></div>`;
    const errors = reported();
    expect(readStateScript()).toBeUndefined();
    expect(String(errors.mock.calls[0][0])).toContain('child of head or body');
  });

  it('refuses a script with the id of another type', async () => {
    document.body.innerHTML = `<script id="${STATE_SCRIPT_ID}" type="text/plain">${await stateOf('x')}</script>`;
    const errors = reported();
    expect(readStateScript()).toBeUndefined();
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('reads the script in <head>, and the real one when a forged element comes after it', async () => {
    document.head.innerHTML = await serverPage();
    document.body.innerHTML = `<div id="app"><div id="${STATE_SCRIPT_ID}">${await stateOf('forged')}</div></div>`;
    const errors = reported();
    const state = readStateScript();
    expect(errors).not.toHaveBeenCalled();
    const browser = createStore({ initialState: state });
    expect(browser.controller.getResponse(getNote, { id: 1 }).data?.text).toBe(HOSTILE);
    browser.dispose();
  });
});
