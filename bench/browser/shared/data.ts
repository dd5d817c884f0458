// The benchmark's data: users and todos, deterministic, so every contender gets the same payloads.

export interface UserRecord {
  id: number;
  name: string;
  email: string;
}

/** A todo as the API sends it: its assigned user embedded, as many REST APIs do. */
export interface TodoRecord {
  id: number;
  title: string;
  completed: boolean;
  user: UserRecord;
}

/** Ten users, round robin: one user is shown on a tenth of the rows. */
export const USER_COUNT = 10;

export function generateUsers(): UserRecord[] {
  return Array.from({ length: USER_COUNT }, (_, index) => ({
    id: index + 1,
    name: `User ${index + 1}`,
    email: `user${index + 1}@example.com`,
  }));
}

/** `rows` todos with ids 1…rows; todo `id` is assigned to user `(id - 1) % USER_COUNT + 1`. */
export function generateTodos(
  rows: number,
): { id: number; title: string; completed: boolean; userId: number }[] {
  return Array.from({ length: rows }, (_, index) => ({
    id: index + 1,
    title: `Todo ${index + 1}`,
    completed: index % 3 === 0,
    userId: (index % USER_COUNT) + 1,
  }));
}
