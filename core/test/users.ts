// Test helper (not exported): a User entity and its endpoints under API, shared by store tests.
import { Entity } from '../src/schema';
import { testEndpoint } from './endpoints';

export class User extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
}

export const listUsers = testEndpoint({ path: () => '/users', schema: [User] });
export const getUser = testEndpoint({
  path: ({ id }: { id: string }) => `/users/${id}`,
  schema: User,
});
export const updateUser = testEndpoint({
  path: ({ id }: { id: string }) => `/users/${id}`,
  method: 'PATCH',
  schema: User,
});
