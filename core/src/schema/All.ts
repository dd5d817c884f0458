import { ArraySchema } from './ArraySchema';
import { INVALID } from './INVALID';
import type { EntityLike, IQueryDelegate } from './interface';
import type { SchemaAttribute } from './Polymorphic';

/**
 * Every stored entity of a type (or of several, with an entity map), in table order. Queried
 * without a response: `memo.query(new All(Todo), [], state)`. Invalidated entities are skipped.
 */
export class All<
  S extends EntityLike | Record<string, EntityLike> = EntityLike | Record<string, EntityLike>,
> extends ArraySchema<S> {
  constructor(definition: S, schemaAttribute?: S extends EntityLike ? undefined : SchemaAttribute) {
    super(definition, schemaAttribute);
  }

  override queryKey(_args: readonly unknown[], delegate: IQueryDelegate): unknown {
    if (this.isSingleSchema) {
      const entity = this.schema as EntityLike;
      const table = delegate.getEntities(entity.key);
      if (table === undefined) return undefined;
      const out: string[] = [];
      for (const pk in table) if (table[pk] !== INVALID) out.push(pk);
      return out;
    }
    const map = this.schema as Record<string, EntityLike>;
    let found = false;
    const out: { id: string; schema: string }[] = [];
    for (const choice of Object.keys(map)) {
      const table = delegate.getEntities(map[choice].key);
      if (table === undefined) continue;
      found = true;
      for (const pk in table) if (table[pk] !== INVALID) out.push({ id: pk, schema: choice });
    }
    return found ? out : undefined;
  }
}
