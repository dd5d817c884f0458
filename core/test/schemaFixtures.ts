// Entities shared by the tests of schema/ and normalize/ (not exported from the package).
import { Entity } from '../src/schema/Entity';

export class User extends Entity {
  id = '';
  name = '';
  email = '';
  static override indexes = ['email'] as const;
  pk() {
    return this.id;
  }
}

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  userId = 0;
  pk() {
    return this.id;
  }
  static override key = 'Todo';
}

export class Comment extends Entity {
  id = '';
  body = '';
  author = User.fromJS();
  pk() {
    return this.id;
  }
  static override schema = { author: User };
}

export class Article extends Entity {
  id = '';
  title = '';
  author = User.fromJS();
  comments: Comment[] = [];
  pk() {
    return this.id;
  }
  static override schema = { author: User, comments: [Comment] };
}

export class Cat extends Entity {
  id = '';
  kind = 'cat';
  lives = 9;
  pk() {
    return this.id;
  }
}

export class Dog extends Entity {
  id = '';
  kind = 'dog';
  good = true;
  pk() {
    return this.id;
  }
}

export const META = { fetchedAt: 1000, date: 1000, expiresAt: 61000 };

/** Freezes a value and everything reachable from it (to prove code never mutates it). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as any)[key]);
  }
  return value;
}
