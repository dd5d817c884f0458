// Production builds throw the same errors with a short message: the code of
// docs/reference/messages.md and the key values. Tests run in development, so the full messages
// are what the other tests see; here NODE_ENV is production the way a server without a bundler
// runs (`process.env` read at run time), and a browser without a bundler (no `process`) is a
// VM context running the bundled sources.
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Collection,
  createStore,
  Entity,
  hydrate,
  normalize,
  RestEndpoint,
  SchemaError,
  TesseraError,
  Values,
} from '../index';

class User extends Entity {
  id = '';
}

class Post extends Entity {
  id = 0;
  author = User.fromJS();
  static override schema = { author: User };
}

/** Four posts; the last one's author has no id. */
const posts = [1, 2, 3, 4].map((id) => ({ id, author: id < 4 ? { id: `u${id}` } : { name: 'x' } }));

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

/** Hydrates a page state with a record that is not an entity (left out, with a warning). */
function warningsOfBadState(): unknown[][] {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  hydrate({
    entities: { User: { 1: 'not an entity' } },
    indexes: {},
    entitiesMeta: {},
    endpoints: {},
    meta: {},
  });
  const calls = warn.mock.calls;
  warn.mockRestore();
  return calls;
}

describe('in production', () => {
  beforeEach(() => {
    vi.stubEnv('NODE_ENV', 'production');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('a SchemaError keeps its class, name and fields; its message is the key and the code', () => {
    const error = thrown(() => normalize(User, 42));
    expect(error).toBeInstanceOf(SchemaError);
    expect(error).toBeInstanceOf(TesseraError);
    expect(error).toMatchObject({ name: 'SchemaError', schemaKey: 'User', value: 42 });
    expect(error.message).toBe('User: TSR16 number');
  });

  it('a SchemaError deep in a response names the entity and where it sits', () => {
    const error = thrown(() => normalize([Post], posts));
    expect(error).toMatchObject({ schemaKey: 'User', path: '[3].author' });
    expect(error.message).toBe('User at [3].author: TSR07 undefined');
  });

  it('a Collection is named as written, never by its table key', () => {
    const todos = new Collection([User]);
    expect(thrown(() => normalize(todos, 'oops')).message).toBe('Collection([User]): TSR16 string');
    expect(thrown(() => normalize(todos.assign, {})).message).toBe('Collection([User]): TSR01');
    const byId = new Collection(new Values(User));
    expect(thrown(() => normalize(byId.push, [])).message).toBe(
      'Collection(Values(User)): TSR02 push',
    );
  });

  it('a TypeError names the code, the endpoint and the bad value', () => {
    const users = new RestEndpoint({ urlPrefix: 'http://api.test', path: ':id' });
    const error = thrown(() => users.url({ id: '.evil.test' }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('TSR49 GET :id http://api.test.evil.test');
  });

  it('a URL parameter error names the code, the parameter and the path', () => {
    const users = new RestEndpoint({ path: '/users/:id' });
    expect(() => users.url({} as { id: string })).toThrow(new TypeError('TSR22 id /users/:id'));
  });

  it('a disposed store rejects with StoreDisposedError and its code', async () => {
    const store = createStore();
    store.dispose();
    const users = new RestEndpoint({ path: '/users' });
    await expect(store.controller.fetch(users)).rejects.toMatchObject({
      name: 'StoreDisposedError',
      message: 'TSR60',
    });
  });

  it('warns of nothing', () => {
    expect(warningsOfBadState()).toEqual([]);
  });
});

describe('in development', () => {
  it('the same errors carry the full message', () => {
    expect(thrown(() => normalize(User, 42)).message).toBe(
      'User: unexpected input given to normalize: expected an object, found a number (got 42)',
    );
    expect(thrown(() => new RestEndpoint({ path: '/users/:id', timeout: -1 })).message).toBe(
      'GET /users/:id: timeout must be a positive number of ms (got -1)',
    );
    expect(thrown(() => normalize([Post], posts)).message).toBe(
      'User at [3].author: no usable primary key (pk() returned undefined) (got {"name":"x"})',
    );
    expect(thrown(() => normalize(new Collection([User]), 'oops')).message).toMatch(
      /^Collection\(\[User\]\): unexpected input/,
    );
  });

  it('warns', () => {
    expect(warningsOfBadState()).toEqual([[expect.stringContaining('hydrate() left out 1 part')]]);
  });
});

describe('in a minified production bundle', () => {
  it('a SchemaError names the entity, where it sits and the Collection as written', async () => {
    const result = await build({
      stdin: {
        // `static key`: a minifier renames classes, and the key defaults to the class name.
        contents: `import { Collection, Entity, normalize } from './index';
          class User extends Entity { id = ''; static key = 'User'; }
          class Post extends Entity { id = 0; static key = 'Post'; static schema = { author: User }; }
          const posts = [1, 2, 3, 4].map((id) => ({ id, author: id < 4 ? { id: 'u' + id } : {} }));
          const messages = (globalThis.messages = []);
          for (const [schema, input] of [[[Post], posts], [new Collection([User]), 'oops']]) {
            try { normalize(schema, input); } catch (error) { messages.push(error.message); }
          }`,
        resolveDir: resolve(import.meta.dirname, '..'),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      minify: true,
      format: 'iife',
      platform: 'browser',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    const context: { messages?: string[] } = {};
    runInNewContext(result.outputFiles[0].text, context);
    expect(context.messages).toEqual([
      'User at [3].author: TSR07 undefined',
      'Collection([User]): TSR16 string',
    ]);
  });
});

describe('in a browser without a bundler (no `process`)', () => {
  it('throws the short form, never a ReferenceError', async () => {
    const result = await build({
      stdin: {
        contents: `import { RestEndpoint } from './index';
          // The checks of development builds only are skipped, not a ReferenceError either.
          const users = new RestEndpoint({ urlPrefix: 'http://api.test', path: ':id', timeout: -1 });
          try { users.url({ id: '.evil.test' }); }
          catch (error) { globalThis.caught = { name: error.name, message: error.message }; }`,
        resolveDir: resolve(import.meta.dirname, '..'),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      // Left as written (esbuild would define it for the browser platform).
      define: { 'process.env.NODE_ENV': 'process.env.NODE_ENV' },
      logLevel: 'silent',
    });
    const code = result.outputFiles[0].text;
    expect(code).toContain('process.env.NODE_ENV');
    const context: { caught?: unknown } = {};
    runInNewContext(code, context);
    expect(context.caught).toEqual({
      name: 'TypeError',
      message: 'TSR49 GET :id http://api.test.evil.test',
    });
  });
});
