import { describe, expect, expectTypeOf, it } from 'vitest';
import { escapeLiterals, pathTemplate, shortenPath } from './pathTemplate';
import { RestEndpoint } from './RestEndpoint';

describe('path templates (docs/reference/path-templates.md)', () => {
  it(':name parameters take strings and numbers', () => {
    const endpoint = new RestEndpoint({ path: '/:group/user/:id' });
    expect(endpoint.url({ group: 'admins', id: 5 })).toBe('/admins/user/5');
    expect(endpoint.url({ group: 'a', id: '0' })).toBe('/a/user/0');
  });

  it('optional groups are left out when their param is absent, chained with other prefixes', () => {
    const endpoint = new RestEndpoint({ path: '/files{/:a}{-:b}{-:c}' });
    expect(endpoint.url({})).toBe('/files');
    expect(endpoint.url({ a: 'x' })).toBe('/files/x');
    expect(endpoint.url({ a: 'x', b: 'y', c: 'z' })).toBe('/files/x-y-z');
    expect(endpoint.url({ a: 'x', c: 'z' })).toBe('/files/x-z');
  });

  it("'' is refused in an optional group too; undefined and null leave the group out", () => {
    const remove = new RestEndpoint({ method: 'DELETE', path: '/users{/:id}' });
    // Leaving the part out would send DELETE /users: another resource.
    expect(() => remove.url({ id: '' })).toThrow(
      new TypeError('URL parameter "id" of path "/users{/:id}" must not be empty'),
    );
    expect(remove.url({ id: undefined })).toBe('/users');
    expect(remove.url({ id: null } as never)).toBe('/users');
    const search = new RestEndpoint({ path: '/search?{q=:q}{&page=:page}' });
    expect(() => search.url({ q: '' })).toThrow(/"q" .*must not be empty/);
  });

  it('*name wildcards join their segments with / and encode each one', () => {
    const endpoint = new RestEndpoint({ path: '/files/*path' });
    expect(endpoint.url({ path: ['docs', 'a b', 'c/d', 'x.txt'] })).toBe(
      '/files/docs/a%20b/c%2Fd/x.txt',
    );
    expect(endpoint.url({ path: [1, 2] } as never)).toBe('/files/1/2');
    expect(() => endpoint.url({ path: [] })).toThrow(/"path" .*at least one segment/);
    expect(() => endpoint.url({} as never)).toThrow(/"path" .*is missing/);
    expect(() => endpoint.url({ path: 'a/b' } as never)).toThrow(/must be an array/);
  });

  it('{/*name} is zero or more segments: empty input leaves the part out', () => {
    const endpoint = new RestEndpoint({ path: '/files{/*path}' });
    expect(endpoint.url({})).toBe('/files');
    expect(endpoint.url({ path: [] })).toBe('/files');
    expect(endpoint.url({ path: ['a', 'b'] })).toBe('/files/a/b');
  });

  it(':"quoted-name" parameters', () => {
    const endpoint = new RestEndpoint({ path: '/items/:"item-id"/:"v.2"' });
    expect(endpoint.url({ 'item-id': 7, 'v.2': 'x' })).toBe('/items/7/x');
  });

  it('backslash escapes make { } ( ) * : and \\ literal', () => {
    const endpoint = new RestEndpoint({ path: '/a\\{b\\}/\\(c\\)/d\\*/e\\:f/g\\\\/:id' });
    expect(endpoint.url({ id: 1 })).toBe('/a{b}/(c)/d*/e:f/g\\/1');
  });

  it('? and + are literals, so a query tail works', () => {
    const endpoint = new RestEndpoint({
      path: '/search?{q=:q}{&page=:page}',
      searchParams: {} as { sort?: string },
    });
    expect(endpoint.url({ q: 'cats', page: 2 })).toBe('/search?q=cats&page=2');
    expect(endpoint.url({ q: 'a&b=c' })).toBe('/search?q=a%26b%3Dc');
    // Leftovers continue the template's query string.
    expect(endpoint.url({ q: 'x', sort: 'asc' })).toBe('/search?q=x&sort=asc');
    expect(endpoint.url({ page: 1, sort: 'asc' })).toBe('/search?&page=1&sort=asc');
    expect(new RestEndpoint({ path: '/c++/:v' }).url({ v: 'a+b' })).toBe('/c++/a%2Bb');
    expect(new RestEndpoint({ path: '/q\\?x' }).url({})).toBe('/q?x');
  });

  it('an unescaped scheme and port are literal too: such a : cannot start a name', () => {
    const endpoint = new RestEndpoint({ path: 'http://localhost:3000/users/:id' });
    expect(endpoint.url({ id: 3 })).toBe('http://localhost:3000/users/3');
    expectTypeOf(endpoint).parameters.toEqualTypeOf<[params: { id: string | number }]>();
  });

  it('a literal scheme and host with an escaped colon', () => {
    const endpoint = new RestEndpoint({ path: 'http\\://example.com/users/:id' });
    expect(endpoint.url({ id: 3 })).toBe('http://example.com/users/3');
    const withPort = new RestEndpoint({ path: 'https\\://example.com\\:8443/a' });
    expect(withPort.url({})).toBe('https://example.com:8443/a');
  });

  it('compiles a template once and shares it', () => {
    expect(pathTemplate('/shared/:id')).toBe(pathTemplate('/shared/:id'));
  });

  it('rejects a malformed template where it is written', () => {
    expect(() => new RestEndpoint({ path: '/a/*' })).toThrow(/Invalid path template "\/a\/\*"/);
    expect(() => new RestEndpoint({ path: '/a/(b)' })).toThrow(/Invalid path template/);
    expect(() => new RestEndpoint({ path: '/a{/:b' })).toThrow(/Invalid path template/);
  });
});

describe('param encoding keeps values inside their parameter', () => {
  const endpoint = new RestEndpoint({ path: '/users/:id/posts' });

  it.each([
    ['../admin', '/users/..%2Fadmin/posts'],
    ['a/b', '/users/a%2Fb/posts'],
    ['x?y=1', '/users/x%3Fy%3D1/posts'],
    ['#', '/users/%23/posts'],
    ['100%', '/users/100%25/posts'],
    ['...', '/users/.../posts'],
    ['a.b', '/users/a.b/posts'],
    ['..%2F', '/users/..%252F/posts'],
    ['é ü', '/users/%C3%A9%20%C3%BC/posts'],
  ])('%j', (id, url) => {
    expect(endpoint.url({ id })).toBe(url);
    // The URL parser must not resolve anything away.
    expect(new URL(url, 'http://h.test').pathname).toBe(url);
  });

  it('a . or .. segment is rejected: no encoding survives URL normalization', () => {
    // WHATWG URL resolves %2E%2E like .., so encoding cannot keep it inside the param.
    expect(new URL('/users/%2E%2E/posts', 'http://h.test').pathname).toBe('/posts');
    expect(() => endpoint.url({ id: '..' })).toThrow(/make a "\.\." segment/);
    expect(() => endpoint.url({ id: '.' })).toThrow(/make a "\." segment/);
    const files = new RestEndpoint({ path: '/files/*path' });
    expect(() => files.url({ path: ['a', '..', 'etc'] })).toThrow(/make a "\.\." segment/);
    const optional = new RestEndpoint({ path: '/files{/:name}' });
    expect(() => optional.url({ name: '..' })).toThrow(/segment/);
    // Inside a longer segment dots are ordinary characters.
    expect(new RestEndpoint({ path: '/v:version/x' }).url({ version: '..' })).toBe('/v../x');
    expect(new RestEndpoint({ path: '/search?{q=:q}' }).url({ q: '..' })).toBe('/search?q=..');
  });

  it('bad values get a clear error naming the parameter and path', () => {
    expect(() => endpoint.url({} as never)).toThrow(
      'URL parameter "id" of path "/users/:id/posts" is missing',
    );
    expect(() => endpoint.url({ id: '' })).toThrow(/"id" .* must not be empty/);
    expect(() => endpoint.url({ id: { a: 1 } } as never)).toThrow(/must be a string or a number/);
    expect(() => endpoint.url({ id: Number.NaN })).toThrow(
      /"id" .* must be a finite number \(got NaN\)/,
    );
    expect(() => endpoint.url({ id: Number.POSITIVE_INFINITY })).toThrow(/got Infinity/);
    const files = new RestEndpoint({ path: '/files/*path' });
    expect(() => files.url({ path: ['a', Number.NaN] as never })).toThrow(/finite numbers/);
    expect(() => endpoint.url({ id: '\ud800' })).toThrow(/not valid Unicode/);
    expect(() => endpoint.url(null as never)).toThrow(/URL params must be an object/);
  });
});

describe('escapeLiterals', () => {
  it('escapes ? and + once, leaving escaped ones alone', () => {
    expect(escapeLiterals('/a?b+c')).toBe('/a\\?b\\+c');
    expect(escapeLiterals('/a\\?b')).toBe('/a\\?b');
    expect(escapeLiterals('/a\\\\?b')).toBe('/a\\\\\\?b');
  });

  it('escapes a : that cannot start a parameter name, and only that one', () => {
    expect(escapeLiterals('http://h:8080/:id/:"q-r"')).toBe('http\\://h\\:8080/:id/:"q-r"');
    expect(escapeLiterals('http\\://h')).toBe('http\\://h');
  });
});

describe('shortenPath', () => {
  it.each([
    ['/todos/:id', '/todos'],
    ['/users/:userId/todos/:id', '/users/:userId/todos'],
    ['/items/:"item-id"', '/items'],
    ['/users/:id/profile', '/users/:id/profile'],
    ['/files/*path', '/files/*path'],
    ['/todos{/:id}', '/todos{/:id}'],
    ['/a\\/:id', '/a\\/:id'],
    ['/static', '/static'],
  ])('%s → %s', (path, list) => {
    expect(shortenPath(path)).toBe(list);
  });
});
