// @tessera/openapi: the generator behind `tessera generate` (docs/guide/openapi.md).
export { main } from './cli';
export { checkDocument, readDocument } from './document';
export { pathTemplate } from './endpointsFile';
export { type Generated, type GenerateOptions, generate } from './generate';
