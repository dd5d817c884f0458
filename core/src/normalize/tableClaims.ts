import { message } from '../schema/development';
import { SchemaError } from '../schema/SchemaError';
import type { TableOwner } from '../tables/TableWriter';

/** An Entity class as far as claims go. */
interface EntityClass {
  readonly key: string;
  readonly name: string;
}

/**
 * The Entity class each table belongs to, per owner of the tables (a store's reducer is one
 * owner). `Entity.key` defaults to the class name, and a minifier that inlines classes names
 * them after the property they sit in (`schema: class extends Entity`): two classes would then
 * write one table and mix their records. The first write of a second class is a SchemaError
 * instead (docs/reference/schemas.md#entity).
 */
const claims = new WeakMap<TableOwner, Map<string, EntityClass>>();
/** Classes a hot update replaced (development only): they may not take their table back. */
const replaced = new WeakSet<EntityClass>();

/**
 * Claims the table of `entity` for its class, or throws when another class holds it. True when
 * it took the table over from a class of the same name (a hot update): the caller then
 * invalidates what that class wrote, so no record is read with the other class.
 */
export function claimTable(owner: TableOwner, entity: EntityClass, value: unknown): boolean {
  let tables = claims.get(owner);
  if (tables === undefined) claims.set(owner, (tables = new Map()));
  const key = entity.key;
  const family = familyOf(entity, key);
  const claimed = tables.get(key);
  if (claimed !== undefined && claimed !== family) {
    if (!isHotUpdate(claimed, family)) {
      throw new SchemaError(
        key,
        message(
          'TSR18 set static key',
          () =>
            process.env.NODE_ENV !== 'production' &&
            `classes ${claimed.name} and ${entity.name} both write the table "${key}" (a minifier can give two classes one name, and the table's name defaults to the class name): give each class its own \`static key\``,
        ),
        value,
      );
    }
    replaced.add(claimed);
    tables.set(key, family);
    return true;
  }
  tables.set(key, family);
  return false;
}

/**
 * The class a table belongs to: subclasses sharing their parent's key (`class TodoWithUser
 * extends Todo`, same key) write their parent's table.
 */
function familyOf(entity: EntityClass, key: string): EntityClass {
  let family = entity;
  for (let parent: EntityClass; (parent = Object.getPrototypeOf(family))?.key === key; ) {
    family = parent;
  }
  return family;
}

/**
 * In development, a module run again by a hot update defines its classes anew: the new class of
 * the same name takes the table over, every record it held invalid (a class it replaced may not
 * come back). Two live classes of one name so never mix records: the second invalidates the
 * first's, and the first's next write is TSR18.
 */
function isHotUpdate(claimed: EntityClass, family: EntityClass): boolean {
  try {
    return (
      process.env.NODE_ENV !== 'production' && claimed.name === family.name && !replaced.has(family)
    );
  } catch {
    return false; // no `process`: a browser without a bundler
  }
}
