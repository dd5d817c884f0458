export { type Api, type ApiHandler, type ApiOptions, createApi } from './api';
export { Database, type TodoDraft } from './database';
export { HttpError } from './http';
export { createLiveHub, type LiveHub } from './live';
export { defaultSeed, type Seed, type TodoRecord, type UserRecord } from './records';
export { type RunningServer, type ServerOptions, startServer } from './server';
export { type ApiPluginOptions, apiPlugin } from './vite-plugin';
