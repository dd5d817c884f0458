import { describe, expectTypeOf, it } from 'vitest';
import { MemoCache, normalize } from '../normalize/index';
import { All } from './All';
import { Collection } from './Collection';
import { Entity } from './Entity';
import type { Invalidate } from './Invalidate';
import type { schema } from './index';
import { Query } from './Query';
import type { Denormalize, DenormalizeNullable, Normalize } from './types';
import { Union } from './Union';
import { Values } from './ValuesSchema';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
}
class Post extends Entity {
  id = 0;
  author = User.fromJS();
  pk() {
    return this.id;
  }
  static override schema = { author: User };
}

describe('schema types', () => {
  it('Denormalize maps schemas to the data they produce', () => {
    expectTypeOf<Denormalize<typeof User>>().toEqualTypeOf<User>();
    expectTypeOf<Denormalize<(typeof User)[]>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<{ user: typeof User; posts: (typeof Post)[] }>>().toEqualTypeOf<{
      user: User;
      posts: Post[];
    }>();
    expectTypeOf<Denormalize<Collection<[typeof User]>>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<Collection<Values<typeof User>>>>().toEqualTypeOf<
      Record<string, User>
    >();
    expectTypeOf<Denormalize<Values<typeof User>>>().toEqualTypeOf<Record<string, User>>();
    expectTypeOf<Denormalize<Union<{ user: typeof User; post: typeof Post }>>>().toEqualTypeOf<
      User | Post
    >();
    expectTypeOf<Denormalize<schema.Array<typeof Post>>>().toEqualTypeOf<Post[]>();
    expectTypeOf<Denormalize<schema.Object<{ post: typeof Post }>>>().toEqualTypeOf<{
      post: Post;
    }>();
    expectTypeOf<Denormalize<All<typeof User>>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<Invalidate<typeof User>>>().toEqualTypeOf<User>();
    expectTypeOf<Denormalize<typeof Date>>().toEqualTypeOf<Date>();
    expectTypeOf<Denormalize<string>>().toEqualTypeOf<string>();
  });

  it('types collection sub-schemas and Query', () => {
    const users = new Collection([User]);
    expectTypeOf<Denormalize<typeof users>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<typeof users.push>>().toEqualTypeOf<User | User[]>();
    expectTypeOf<Denormalize<ReturnType<typeof users.paginate>>>().toEqualTypeOf<User[]>();
    const byId = new Collection(new Values(User));
    expectTypeOf<Denormalize<typeof byId.assign>>().toEqualTypeOf<Record<string, User>>();
    expectTypeOf<Denormalize<ReturnType<typeof users.addWith>>>().toEqualTypeOf<User | User[]>();
    expectTypeOf<Denormalize<ReturnType<typeof byId.addWith>>>().toEqualTypeOf<
      Record<string, User>
    >();
    expectTypeOf<Denormalize<typeof byId.move>>().toEqualTypeOf<User | User[]>();
    const count = new Query(new All(User), (list: User[]) => list.length);
    expectTypeOf<Denormalize<typeof count>>().toEqualTypeOf<number>();
  });

  it('DenormalizeNullable allows absent entities and lists', () => {
    expectTypeOf<DenormalizeNullable<typeof User>>().toEqualTypeOf<User | undefined>();
    expectTypeOf<DenormalizeNullable<Collection<[typeof User]>>>().toEqualTypeOf<
      User[] | undefined
    >();
    // compared by mutual assignability: expectTypeOf's deep brand exceeds TS's instantiation depth here
    expectTypeOf<
      Same<DenormalizeNullable<{ user: typeof User }>, { user: User | undefined }>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Same<DenormalizeNullable<{ user: typeof User }>, { user: User }>
    >().toEqualTypeOf<false>();
  });

  it('Normalize maps schemas to what is stored', () => {
    expectTypeOf<Normalize<typeof User>>().toEqualTypeOf<string>();
    expectTypeOf<Normalize<(typeof User)[]>>().toEqualTypeOf<string[]>();
    expectTypeOf<Normalize<{ user: typeof User; n: number }>>().toEqualTypeOf<{
      user: string;
      n: number;
    }>();
    expectTypeOf<Normalize<Collection<[typeof User]>>>().toEqualTypeOf<string>();
    expectTypeOf<Normalize<Union<{ user: typeof User }>>>().toEqualTypeOf<{
      id: string;
      schema: string;
    }>();
  });

  it('types the functions', () => {
    const out = normalize([User], [{ id: '1' }]);
    expectTypeOf(out.result).toEqualTypeOf<string[]>();
    const memo = new MemoCache();
    const read = memo.denormalize(Post, '1', out.entities);
    expectTypeOf(read.data).toEqualTypeOf<Post | undefined | typeof import('./INVALID').INVALID>();
    const user = User.fromJS({ name: 'n' });
    expectTypeOf(user).toEqualTypeOf<User>();
    // @ts-expect-error unknown fields are rejected
    User.fromJS({ nope: 1 });
  });
});

// The callbacks an app writes take `unknown` where the library cannot know the type, yet accept
// functions that name the app's own types (declared as methods: their parameters are bivariant).
describe('callback types accept functions typed by the app', () => {
  interface RawUser {
    id: string;
    full_name?: string;
  }

  it('Entity lifecycle overrides may name the input and entity types', () => {
    class Account extends Entity {
      id = '';
      name = '';
      static override process(input: RawUser) {
        return { id: input.id, name: input.full_name ?? '' };
      }
      static override validate(processed: { id: string }) {
        return processed.id === '' ? 'no id' : undefined;
      }
      static override merge(existing: Account, incoming: Partial<Account>) {
        return { ...existing, ...incoming };
      }
    }
    expectTypeOf(Account.process).returns.toEqualTypeOf<{ id: string; name: string }>();
    expectTypeOf<Denormalize<typeof Account>>().toEqualTypeOf<Account>();
  });

  it('Query process: typed entries and args, and ReturnType/Parameters still read it', () => {
    const byName = new Query(new All(User), (users: User[], { name }: { name: string }) =>
      users.filter((user) => user.name === name),
    );
    expectTypeOf<ReturnType<typeof byName.process>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<typeof byName>>().toEqualTypeOf<User[]>();
  });

  it('a schemaAttribute function may name the member type', () => {
    const pets = new Values(
      { user: User, post: Post },
      (value: { kind: 'user' | 'post' }) => value.kind,
    );
    expectTypeOf<Denormalize<typeof pets>>().toEqualTypeOf<Record<string, User | Post>>();
    // unannotated, the value is an object and the parent a record
    new Union({ user: User, post: Post }, (value, parent) => {
      expectTypeOf(value).toEqualTypeOf<object>();
      expectTypeOf(parent).toEqualTypeOf<Readonly<Record<string, unknown>> | undefined>();
      return 'user';
    });
  });

  it('a Collection typed by its args and parent is still a Collection', () => {
    const byOwner = new Collection([User], {
      argsKey: (params: { owner: number }) => ({ owner: params.owner }),
      nestKey: (parent: Post) => ({ post: parent.id }),
    });
    expectTypeOf(byOwner).toExtend<Collection>();
    expectTypeOf(byOwner.argsKey).parameters.toEqualTypeOf<[params: { owner: number }]>();
    expectTypeOf<Denormalize<typeof byOwner>>().toEqualTypeOf<User[]>();
    const sorted = byOwner.addWith((existing: string[], incoming: string[]) =>
      [...existing, ...incoming].sort(),
    );
    expectTypeOf<Denormalize<typeof sorted>>().toEqualTypeOf<User | User[]>();
    const page = byOwner.paginate(({ owner }: { owner: number; cursor: string }) => [{ owner }]);
    expectTypeOf<Denormalize<typeof page>>().toEqualTypeOf<User[]>();
  });
});
