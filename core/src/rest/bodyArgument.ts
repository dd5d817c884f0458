/**
 * Methods whose calls take a body by default
 * (docs/reference/rest-endpoint.md#call-arguments, rule 2).
 */
const BODY_METHOD = /^(POST|PUT|PATCH)$/i;

/** Endpoints made by `extend()` or derivation, whose body argument was fixed by their source. */
const fixedBodies = new WeakMap<object, boolean>();

/**
 * Whether calls take a body argument (docs/reference/rest-endpoint.md#call-arguments): a declared
 * `body` decides (`undefined`: none); else what the source decided, for endpoints from `extend()`;
 * else the method. The method is read at call time so a subclass field (`method = 'POST'`) counts
 * like a constructor option.
 */
export function hasBody(endpoint: { readonly body?: unknown; readonly method?: unknown }): boolean {
  if ('body' in endpoint) return endpoint.body !== undefined;
  return fixedBodies.get(endpoint) ?? BODY_METHOD.test(String(endpoint.method));
}

/** Fixes the body argument of an endpoint not declaring `body` (rule 4: `extend()` keeps it). */
export function fixBody(endpoint: object, takesBody: boolean): void {
  fixedBodies.set(endpoint, takesBody);
}
