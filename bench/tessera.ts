// Tessera set up on the benchmark payload, with the same entity classes as the anchors.
import { denormalize, Entity, MemoCache, normalize } from '@tessera/core';

class BuildType extends Entity {
  id = '';
  internalId = '';
  name = '';
  type = '';
  paused = false;
  description?: string;
  projectId = '';
  pk() {
    return this.id;
  }
  static override key = 'BuildType';
}
class Project extends Entity {
  id = '';
  internalId = '';
  name = '';
  parentProjectId = '';
  archived = false;
  description?: string;
  buildTypes: { buildType: BuildType[] } = { buildType: [] };
  pk() {
    return this.id;
  }
  static override key = 'Project';
  static override schema = { buildTypes: { buildType: [BuildType] } };
}
export const payloadSchema = { project: [Project] };

/** A normalized payload: its result and the entity tables it reads from. */
type StoredPayload = { result: unknown; entities: Parameters<MemoCache['denormalize']>[2] };

const emptyStore = () => ({ entities: {}, indexes: {}, entitiesMeta: {} });
export type TesseraState = ReturnType<typeof tessera.normalize>;

export const tessera = {
  normalize: (input: unknown) => normalize(payloadSchema, input, [], emptyStore()),
  denormalize: (state: StoredPayload) =>
    denormalize(payloadSchema, state.result, state.entities, []),
  createMemo: () => new MemoCache(),
  denormalizeCached: (state: StoredPayload, memo: MemoCache) =>
    memo.denormalize(payloadSchema, state.result, state.entities, []).data,
};
