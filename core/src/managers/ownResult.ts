import { normalize } from '../normalize';
import { INVALID } from '../schema/INVALID';
import type { Controller } from '../store';
import type { FetchAction } from '../store/actions';

/**
 * What one mutation's caller resolves to when the key's stored result is another fetch's (two
 * identical POSTs whose responses crossed: the newer one holds the key). Its own response, read
 * as the store holds its entities now: normalized again only to learn which entities it named.
 */
export function ownResult(
  controller: Controller,
  { endpoint, args }: FetchAction,
  response: unknown,
): { value: unknown } | { error: unknown } {
  if (endpoint.schema == null) return { value: response };
  const state = controller.getState();
  try {
    const { result } = normalize(endpoint.schema as never, response, args as never[], state);
    const { data } = controller.memo.denormalize(
      endpoint.schema as never,
      result,
      state.entities,
      args as never[],
    );
    return { value: data === INVALID ? undefined : data };
  } catch (error) {
    return { error };
  }
}
