// The shapes the API stores and returns. Kept free of any Tessera import: this is "the server".

export interface UserRecord {
  id: number;
  name: string;
  username: string;
  email: string;
}

export interface TodoRecord {
  id: number;
  userId: number;
  title: string;
  completed: boolean;
}

export interface Seed {
  users: readonly UserRecord[];
  todos: readonly TodoRecord[];
}

export const defaultSeed: Seed = {
  users: [
    { id: 1, name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' },
    { id: 2, name: 'Alan Turing', username: 'alan', email: 'alan@example.com' },
    { id: 3, name: 'Grace Hopper', username: 'grace', email: 'grace@example.com' },
  ],
  todos: [
    { id: 1, userId: 1, title: 'Write the first program', completed: true },
    { id: 2, userId: 1, title: 'Describe the Analytical Engine', completed: false },
    { id: 3, userId: 2, title: 'Break the Enigma cipher', completed: false },
    { id: 4, userId: 2, title: 'Propose the imitation game', completed: true },
    { id: 5, userId: 3, title: 'Find the first bug', completed: true },
    { id: 6, userId: 3, title: 'Ship the first compiler', completed: false },
  ],
};
