// The libraries users would pick instead, set up on the same payload: classic normalizr 3.6.2
// and @data-client (normalizr 0.10.0 with endpoint 0.9.9 schemas).

import { Entity as DcEntity } from '@data-client/endpoint';
import {
  denormalize as dcDenormalize,
  denormalizeCached as dcDenormalizeCached,
  normalize as dcNormalize,
  WeakEntityMap,
} from '@data-client/normalizr';
import {
  denormalize as classicDenormalize,
  normalize as classicNormalize,
  schema as classicSchema,
} from 'normalizr';

const classicBuildType = new classicSchema.Entity('BuildType');
const classicProject = new classicSchema.Entity('Project', {
  buildTypes: { buildType: [classicBuildType] },
});
export const classicPayloadSchema = { project: [classicProject] };

export const classic = {
  normalize: (input: unknown) => classicNormalize(input, classicPayloadSchema),
  denormalize: (result: unknown, entities: unknown) =>
    classicDenormalize(result, classicPayloadSchema, entities as never),
};

class DcBuildType extends DcEntity {
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
class DcProject extends DcEntity {
  id = '';
  internalId = '';
  name = '';
  parentProjectId = '';
  archived = false;
  description?: string;
  buildTypes: { buildType: DcBuildType[] } = { buildType: [] };
  pk() {
    return this.id;
  }
  static override key = 'Project';
  static override schema = { buildTypes: { buildType: [DcBuildType] } };
}
export const dcPayloadSchema = { project: [DcProject] };

type DcState = ReturnType<typeof dcNormalize>;

export const dataClient = {
  normalize: (input: unknown): DcState => dcNormalize(input, dcPayloadSchema as never),
  denormalize: (state: DcState) =>
    dcDenormalize(state.result, dcPayloadSchema as never, state.entities),
  /** A memo (entity and result caches) that callers keep to measure memoized reads. */
  createMemo: () => ({ entities: {}, results: new WeakEntityMap() }),
  denormalizeCached: (state: DcState, memo: { entities: object; results: WeakEntityMap }) =>
    dcDenormalizeCached(
      state.result,
      dcPayloadSchema as never,
      state.entities,
      memo.entities as never,
      memo.results as never,
      [],
    ).data,
};
