import type { Controller } from './Controller';
import type { EndpointInterface } from './EndpointInterface';

/**
 * Stores a response for an endpoint as if it had just been fetched:
 * `setResponse(controller, endpoint, ...args, response)`. A function rather than a controller
 * method, so that only the apps that call it carry it (tests, fixtures, devtools, pushes).
 */
export function setResponse<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...argsAndResponse: readonly [...Parameters<E>, unknown]
): Promise<void> {
  return resolveNow(controller, endpoint, argsAndResponse, false);
}

/** Stores an error for an endpoint as if its fetch had just failed: `setError(controller, endpoint, ...args, error)`. */
export function setError<E extends EndpointInterface>(
  controller: Controller,
  endpoint: E,
  ...argsAndError: readonly [...Parameters<E>, unknown]
): Promise<void> {
  return resolveNow(controller, endpoint, argsAndError, true);
}

/** `controller.resolve` for an outcome that arrives now: the last argument is the response or error. */
function resolveNow(
  controller: Controller,
  endpoint: EndpointInterface,
  argsAndOutcome: readonly unknown[],
  error: boolean,
): Promise<void> {
  return controller.resolve(endpoint, {
    args: argsAndOutcome.slice(0, -1),
    response: argsAndOutcome[argsAndOutcome.length - 1],
    fetchedAt: controller.nextFetchedAt(),
    error,
  });
}
