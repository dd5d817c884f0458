// Polymorphism is paid only where it is used (issue 42): the lists that `[Entity]` and
// `new Collection([Entity])` build are `ListSchema`s and `resource().delete`'s schema an
// `InvalidateEntity`, which leave out the entity map form's code; to users they are the
// `ArraySchema` and `Invalidate` they were, and a `resource()` of a Union still invalidates.
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useMswServer } from '../../test/endpoints';
import { createStore } from '../managers/createStore';
import { normalize } from '../normalize/index';
import { resource } from '../rest/resource';
import type { Store } from '../store';
import { All } from './All';
import { ArraySchema } from './ArraySchema';
import { Collection } from './Collection';
import { Entity } from './Entity';
import { Invalidate } from './Invalidate';
import { Union } from './Union';

const API = 'http://pets.test';

class Cat extends Entity {
  id = '';
  kind = 'cat';
  name = '';
}
class Dog extends Entity {
  id = '';
  kind = 'dog';
  name = '';
}

const server = useMswServer();
let stores: Store[] = [];
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
});

/** The names of the functions and classes a production bundle of `source` keeps. */
async function kept(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: resolve(import.meta.dirname, '..'), loader: 'ts' },
    bundle: true,
    write: false,
    // Not minified, so that names can be read; tree-shaken as an app's production build is.
    minify: false,
    treeShaking: true,
    format: 'esm',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The entity map form's code (schema/Polymorphic.ts). */
const MAP_FORM =
  /\b(Polymorphic = class|function (inferMember|normalizeMember|attributeFunction))\b/;

describe('an app that never gives a schema map', () => {
  it("carries none of the map form's code; one that does, carries it", async () => {
    const typical = `export { Entity, resource, Collection, normalize } from './index';`;
    expect(await kept(typical)).not.toMatch(MAP_FORM);
    // `schema` is the namespace whose `Array` is ArraySchema.
    for (const used of ['schema', 'Invalidate', 'Union', 'Values', 'All']) {
      expect(await kept(`${typical}\nexport { ${used} } from './index';`), used).toMatch(MAP_FORM);
    }
  }, 60_000);
});

describe('lists and invalidations without the map form', () => {
  it('are an ArraySchema and an Invalidate to users; a subclass checks as usual', () => {
    const list = new Collection([Cat]).schema;
    expect(list).toBeInstanceOf(ArraySchema);
    expect(list.isSingleSchema).toBe(true);
    const deletion = resource({ urlPrefix: API, path: '/cats/:id', schema: Cat }).delete.schema;
    expect(deletion).toBeInstanceOf(Invalidate);
    expect(new ArraySchema(Cat)).toBeInstanceOf(ArraySchema);
    expect(new Invalidate({ cat: Cat, dog: Dog }, 'kind')).toBeInstanceOf(Invalidate);

    class Cats extends ArraySchema<typeof Cat> {}
    expect(new Cats(Cat)).toBeInstanceOf(Cats);
    expect(new Cats(Cat)).toBeInstanceOf(ArraySchema);
    expect(list).not.toBeInstanceOf(Cats);
    expect(new ArraySchema(Cat)).not.toBeInstanceOf(Cats);
    expect(list).not.toBeInstanceOf(All);
    expect(new All(Cat)).toBeInstanceOf(ArraySchema);
    class Deletion extends Invalidate<typeof Cat> {}
    expect(new Deletion(Cat)).toBeInstanceOf(Invalidate);
    expect(deletion).not.toBeInstanceOf(Deletion);
    expect([1]).not.toBeInstanceOf(ArraySchema);
    expect(null).not.toBeInstanceOf(Invalidate);
  });

  it('a shorthand list normalizes as an ArraySchema of one schema does', () => {
    const input = [
      { id: '1', name: 'Tom' },
      { id: '2', name: 'Kit' },
    ];
    const shorthand = normalize([Cat], input);
    const explicit = normalize(new ArraySchema(Cat), input);
    expect(shorthand.result).toEqual(['1', '2']);
    expect(explicit.result).toEqual(shorthand.result);
    expect(explicit.entities).toEqual(shorthand.entities);
  });

  it("a resource() of a Union deletes the member the response names, through the union's code", async () => {
    const pet = new Union({ cat: Cat, dog: Dog }, 'kind');
    // resource() is typed for one entity; a Union is taken at run time, as it was before.
    const schema = pet as unknown as typeof Cat | typeof Dog;
    const PetResource = resource({ urlPrefix: API, path: '/pets/:id', schema });
    const pets = [
      { id: '1', kind: 'cat', name: 'Tom' },
      { id: '1', kind: 'dog', name: 'Rex' },
      { id: '2', kind: 'bird', name: 'Tweety' },
    ];
    server.use(
      http.get(`${API}/pets`, () => HttpResponse.json(pets.slice(0, 2))),
      http.delete(`${API}/pets/:id`, ({ params }) =>
        HttpResponse.json(params.id === '1' ? pets[1] : pets[2]),
      ),
    );
    const store = createStore();
    stores.push(store);
    await store.controller.fetch(PetResource.getList);
    expect(store.controller.get(Cat, { id: '1' })?.name).toBe('Tom');

    // The dog of id 1 goes, the cat of the same id stays.
    await store.controller.fetch(PetResource.delete, { id: '1' });
    expect(store.controller.get(Dog, { id: '1' })).toBeUndefined();
    expect(store.controller.get(Cat, { id: '1' })?.name).toBe('Tom');
    const listed = store.controller.getResponse(PetResource.getList).data;
    expect(listed?.map((member) => `${member.kind} ${member.id}`)).toEqual(['cat 1']);

    // A kind the union does not know invalidates nothing (and fails nothing).
    await store.controller.fetch(PetResource.delete, { id: '2' });
    expect(store.controller.getResponse(PetResource.getList).data).toHaveLength(1);
    expect(PetResource.delete.schema.key).toBe('Invalidate(Cat|Dog)');
  });
});
