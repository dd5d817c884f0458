// The `serverOrigin` option as the module and its plugins read it: where a server render's
// relative URLs go, never a value that could come from the request.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ModuleOptions } from '../src/module';
import { IN_PROCESS, serverTarget } from '../src/runtime/serverTarget';

describe('serverTarget', () => {
  it("takes 'in-process' and http(s) origins", () => {
    expect(serverTarget('in-process')).toBe(IN_PROCESS);
    expect(serverTarget('http://api.internal:3001')).toBe('http://api.internal:3001');
    expect(serverTarget('https://api.example.com')).toBe('https://api.example.com');
  });

  it('reads an unset option (or an empty NUXT_TESSERA_SERVER_ORIGIN) as not set', () => {
    expect(serverTarget(undefined)).toBeUndefined();
    expect(serverTarget('')).toBeUndefined();
  });

  it('refuses anything else with TSR83, naming the value', () => {
    for (const value of ['api.internal:3001', '/api', 'ftp://files', 'http://', 3001, 'self']) {
      expect(() => serverTarget(value)).toThrow(TypeError);
      expect(() => serverTarget(value)).toThrow(
        `@tessera/nuxt: tessera.serverOrigin must be 'in-process' or an http(s) origin`,
      );
    }
  });

  it("types the option as 'in-process' or a string (an origin)", () => {
    expectTypeOf<ModuleOptions['serverOrigin']>().toEqualTypeOf<
      'in-process' | (string & {}) | undefined
    >();
    // @ts-expect-error an origin is a string
    const port: ModuleOptions = { serverOrigin: 3001 };
    expect(() => serverTarget(port.serverOrigin)).toThrow(TypeError);
  });
});
