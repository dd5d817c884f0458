// Endpoints: RestEndpoint, its errors, resource() and the types they are typed with.

export type {
  CollectionAccessors,
  CollectionEndpointGenerics,
  CollectionIn,
  CollectionOperation,
  PaginatedEndpoint,
  ReplaceCollection,
} from './collectionTypes';
export {
  ConnectionError,
  NetworkError,
  type ResponseInfo,
  ResponseParseError,
  TimeoutError,
} from './NetworkError';
export type { ContentMode, ContentTypes } from './parseResponse';
export { escapeLiterals, shortenPath } from './pathTemplate';
export type {
  AnyPathParams,
  PathParamNames,
  PathParams,
  PathParamValue,
  ShortenPath,
} from './pathTypes';
export { RestEndpoint, type RestEndpointConstructor } from './RestEndpoint';
export {
  type GenericsOf,
  type Resource,
  type ResourceEndpoints,
  type ResourceOptions,
  resource,
} from './resource';
export type {
  AnyGenerics,
  BodyMethod,
  BodyOf,
  ContentSchemaRule,
  Extended,
  ExtendGenerics,
  ExtendOptions,
  HasBody,
  JsonOf,
  LiveOptions,
  MethodOf,
  OptimisticSnapshot,
  ParsedOf,
  RestArgs,
  RestEndpointExtraOptions,
  RestEndpointInstance,
  RestEndpointMembers,
  RestEndpointOptions,
  RestGenerics,
  RestResult,
  ResultUpdates,
  RetryDetails,
  SchemaOf,
  UrlParamsOf,
  WithProcess,
  WithProcessOption,
} from './restTypes';
export type {
  StandardSchemaIssue,
  StandardSchemaOutput,
  StandardSchemaResult,
  StandardSchemaV1,
} from './standardSchema';
export { ResponseValidationError, validateResponse } from './validateResponse';
