import { Entity as DcEntity, schema as dcSchema } from '@data-client/endpoint';
import { denormalize as dcDenormalize, normalize as dcNormalize } from '@data-client/normalizr';
import { describe, expect, it } from 'vitest';
import { dcPayloadSchema } from '../../../bench/anchors';
import { generatePayload } from '../../../bench/generatePayload';
import { payloadSchema } from '../../../bench/tessera';
import { Entity, Union, Values } from '../schema/index';
import { denormalize } from './denormalize';
import { MemoCache } from './MemoCache';
import { normalize } from './normalize';

// The same payload through @data-client/normalizr 0.10 and through ours: where the shapes
// agree, results, tables, meta and denormalized data must be identical.

// The benchmark's own entity classes and payload (generated, seeded) for both libraries: one
// definition serves bench and test.
const payload = generatePayload();
const META = { fetchedAt: 1000, date: 1000, expiresAt: 5000 };
const ourSchema = payloadSchema;
const theirSchema = dcPayloadSchema;

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('compatibility with @data-client/normalizr 0.10', () => {
  it('normalizes the benchmark payload to the same result, tables and meta', () => {
    const ours = normalize(ourSchema, payload, [], {}, META);
    const theirs = dcNormalize(payload, theirSchema, [], {}, {}, {}, META);
    expect(plain(ours.result)).toEqual(plain(theirs.result));
    expect(plain(ours.entities)).toEqual(plain(theirs.entities));
    // 0.10 names it entityMeta; 0.18 (whose API we keep) entitiesMeta
    expect(plain(ours.entitiesMeta)).toEqual(plain((theirs as any).entityMeta));
    // ids overlap between the two types, which stay separate tables
    const overlap = Object.keys(ours.entities.Project!).filter(
      (id) => id in ours.entities.BuildType!,
    );
    expect(overlap.length).toBe(11);
  });

  it('denormalizes to the same data', () => {
    const ours = normalize(ourSchema, payload);
    const theirs = dcNormalize(payload, theirSchema);
    const a = denormalize(ourSchema, ours.result, ours.entities);
    const b = dcDenormalize(theirs.result, theirSchema, theirs.entities);
    expect(plain(a)).toEqual(plain(b));
    expect(plain(new MemoCache().denormalize(ourSchema, ours.result, ours.entities).data)).toEqual(
      plain(b),
    );
  });

  it('merges into existing state the same way', () => {
    const first = normalize(ourSchema, payload, [], {}, META);
    const theirsFirst = dcNormalize(payload, theirSchema, [], {}, {}, {}, META);
    // a complete entity (0.10 replaces where we merge field-wise, so partial updates differ)
    const update = { project: [{ ...payload.project[2], name: 'renamed' }] };
    const later = { ...META, fetchedAt: 2000 };
    const ours = normalize(ourSchema, update, [], first, later);
    const theirs = dcNormalize(
      update,
      theirSchema,
      [],
      theirsFirst.entities,
      theirsFirst.indexes,
      (theirsFirst as any).entityMeta,
      later,
    );
    expect(plain(ours.entities.Project)).toEqual(plain(theirs.entities.Project));
    expect(plain(ours.entitiesMeta.Project)).toEqual(plain((theirs as any).entityMeta.Project));
  });

  it('agrees on Union and Values results', () => {
    class Cat extends Entity {
      id = '';
      kind = 'cat';
      pk() {
        return this.id;
      }
    }
    class DcCat extends DcEntity {
      id = '';
      kind = 'cat';
      pk() {
        return this.id;
      }
      static override key = 'Cat';
    }
    const input = { pets: [{ id: '1', kind: 'cat' }], byName: { tom: { id: '2', kind: 'cat' } } };
    const ours = normalize(
      { pets: [new Union({ cat: Cat }, 'kind')], byName: new Values(Cat) },
      input,
      [],
      {},
      META,
    );
    const theirs = dcNormalize(
      input,
      { pets: [new dcSchema.Union({ cat: DcCat }, 'kind')], byName: new dcSchema.Values(DcCat) },
      [],
      {},
      {},
      {},
      META,
    );
    expect(plain(ours.result)).toEqual(plain(theirs.result));
    expect(plain(ours.entities)).toEqual(plain(theirs.entities));
  });
});
