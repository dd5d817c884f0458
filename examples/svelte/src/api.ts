// The same API as the Vue example, in another framework: its endpoints (the vanilla example's
// entities, the todo list paginated, a polled counter) are reused as they are.
import { PER_PAGE } from '../../vue/src/api';

export * from '../../vue/src/api';

/** The arguments of the todo list for a user filter (`null`: everyone). */
export function listArgs(userId: number | null): { perPage: number; userId?: number } {
  return userId === null ? { perPage: PER_PAGE } : { perPage: PER_PAGE, userId };
}
