// Tag written as the getting-started guide writes Todo (docs/apps/api.ts), with `static key`.
import { Entity, resource } from '@tessera/core';

/** One tag as the API serves it. */
export class Tag extends Entity {
  id = 0;
  name = '';
  static override key = 'Tag';
}

export const TagResource = resource({
  path: '/api/tags/:id',
  schema: Tag,
});
