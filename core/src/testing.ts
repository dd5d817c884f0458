// `@tessera/core/testing`: a store answering from fixtures instead of the network, for tests and
// stories. Kept out of the main entry: applications do not ship it. Described in
// docs/guide/testing.md.

export {
  createFixtureStore,
  type Fixture,
  type FixtureOptions,
  type FixtureOrInterceptor,
  type FixtureStoreOptions,
  type Interceptor,
  MissingFixtureError,
  mockFixtures,
} from './managers/fixtures';
