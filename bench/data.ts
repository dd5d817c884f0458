// The benchmark payload of data-client's own benchmark (see ../../shared/bench-data/README.md):
// { project: Project[] }, each project holding buildTypes.buildType: BuildType[].
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface BuildType {
  id: string;
  internalId: string;
  name: string;
  type: string;
  paused: boolean;
  description?: string;
  projectId: string;
}
export interface Project {
  id: string;
  internalId: string;
  name: string;
  parentProjectId: string;
  archived: boolean;
  description?: string;
  buildTypes: { buildType: BuildType[] };
}
export interface Payload {
  project: Project[];
}

const dataUrl = new URL('../../shared/bench-data/data.json', import.meta.url);

export function loadPayload(): Payload {
  return JSON.parse(readFileSync(fileURLToPath(dataUrl), 'utf8')) as Payload;
}

/** The payload repeated `times` times with distinct ids, so it holds `times` × the entities. */
export function scalePayload(payload: Payload, times: number): Payload {
  if (times === 1) return payload;
  const project: Project[] = [];
  for (let copy = 0; copy < times; copy++) {
    const suffix = copy === 0 ? '' : `~${copy}`;
    for (const p of payload.project) {
      project.push({
        ...p,
        id: p.id + suffix,
        buildTypes: {
          buildType: p.buildTypes.buildType.map((b) => ({
            ...b,
            id: b.id + suffix,
            projectId: b.projectId + suffix,
          })),
        },
      });
    }
  }
  return { project };
}

export function countEntities(payload: Payload): number {
  let n = 0;
  for (const p of payload.project) n += 1 + p.buildTypes.buildType.length;
  return n;
}

/** The floor: a plain recursive copy of JSON-like data, no schema at all. */
export function plainCopy<T>(value: T): T {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = plainCopy(value[i]);
    return out as T;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      out[key] = plainCopy((value as Record<string, unknown>)[key]);
    return out as T;
  }
  return value;
}
