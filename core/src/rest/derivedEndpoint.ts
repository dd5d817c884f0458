import { message } from '../schema/development';
import { findCollection } from '../schema/findCollection';
import type { RemoveCursor } from './collectionEndpoints';
import type { RestEndpoint } from './RestEndpoint';

type Endpoint = RestEndpoint;

/**
 * `push` / `unshift` / `assign` / `remove` / `move` and pages
 * (docs/reference/collections.md#derived-endpoints). They exist only when the schema contains a
 * Collection: elsewhere reading one throws a TypeError naming the endpoint (and its type is
 * `never`), so a misplaced `.push` fails loudly instead of as `undefined()`. The Collection
 * builds them (collectionEndpoints.ts), so an endpoint without one does not carry that code.
 */
export function derivedEndpoint(
  source: Endpoint,
  accessor: string,
  cursor?: string | RemoveCursor,
): Endpoint {
  const collection = findCollection(source.schema);
  if (!collection) {
    throw new TypeError(
      message(
        `TSR56 ${source.name} ${accessor}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `${source.name}: ${accessor} needs a Collection in the endpoint's schema`,
      ),
    );
  }
  return collection.deriveEndpoint(source, accessor, cursor);
}

/** `getPage` / `paginated()`: a page by a params field (a cursor) or by `removeCursor`. */
export function paginatedEndpoint(source: Endpoint, cursor: string | RemoveCursor): Endpoint {
  const accessor = typeof cursor === 'string' ? `paginated('${cursor}')` : 'paginated()';
  if (cursor === '') {
    throw new TypeError(
      message(
        `TSR57 ${source.name} ${accessor}`,
        () =>
          process.env.NODE_ENV !== 'production' &&
          `${source.name}: ${accessor} needs a non-empty field name`,
      ),
    );
  }
  return derivedEndpoint(source, accessor, cursor);
}
