// Public surface of @tessera/core. Each layer keeps its own index; this file only gathers them.

export * from './managers/index';
export * from './normalize/index';
export * from './observe/index';
export * from './rest/index';
export * from './schema/index';
export * from './ssr/index';
export * from './store/index';
