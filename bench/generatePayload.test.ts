import { describe, expect, it } from 'vitest';
import type { BuildType, Payload, Project } from './data';
import { generatePayload, originalJsonBytes, payloadShape } from './generatePayload';

function tally<T>(items: T[], by: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[by(item)] = (counts[by(item)] ?? 0) + 1;
  return counts;
}

/** The counts `payloadShape` records, measured on a payload. */
function shapeOf(payload: Payload) {
  const projects = payload.project;
  const buildTypes = projects.flatMap((p) => p.buildTypes.buildType);
  const byId = new Map(projects.map((p) => [p.id, p]));
  const depth = (p: Project): number => {
    const parent = byId.get(p.parentProjectId);
    return parent ? depth(parent) + 1 : 0;
  };
  const children = tally(projects, (p) => p.parentProjectId);
  const roots = projects.filter((p) => p.parentProjectId === '_Root');
  const atDepth = tally(projects, depth);
  return {
    projects: projects.length,
    buildTypes: buildTypes.length,
    buildTypesPerProject: tally(projects, (p) => p.buildTypes.buildType.length),
    childrenOfRoots: roots.map((root) => children[root.id] ?? 0).sort((a, b) => b - a),
    projectsAtDepth: Object.keys(atDepth).map((d) => atDepth[d]),
    projectDescriptions: projects.filter((p) => p.description !== undefined).length,
    buildTypeDescriptions: buildTypes.filter((b) => b.description !== undefined).length,
    pausedBuildTypes: buildTypes.filter((b) => b.paused).length,
    buildTypeKinds: tally(buildTypes, (b) => b.type),
    idsSharedWithProjects: buildTypes.filter((b) => byId.has(b.id)).length,
  };
}

/** Facts of the original's structure that the counts do not show. */
function structureOf(payload: Payload) {
  const projects = payload.project;
  const buildTypes = projects.flatMap((p) => p.buildTypes.buildType);
  const position = new Map(projects.map((p, i) => [p.id, i]));
  const keys = (item: Project | BuildType) =>
    Object.keys(item)
      .filter((key) => key !== 'description')
      .join();
  return {
    projectKeys: [...new Set(projects.map(keys))],
    buildTypeKeys: [...new Set(buildTypes.map(keys))],
    archived: [...new Set(projects.map((p) => p.archived))],
    uniqueProjectIds: position.size === projects.length,
    uniqueBuildTypeIds: new Set(buildTypes.map((b) => b.id)).size === buildTypes.length,
    parentsBeforeChildren: projects.every(
      (p, i) => p.parentProjectId === '_Root' || position.get(p.parentProjectId)! < i,
    ),
    buildTypesPointToTheirProject: projects.every((p) =>
      p.buildTypes.buildType.every((b) => b.projectId === p.id),
    ),
  };
}

const expectedStructure = {
  projectKeys: ['id,internalId,name,parentProjectId,archived,buildTypes'],
  buildTypeKeys: ['id,internalId,name,type,paused,projectId'],
  archived: [false],
  uniqueProjectIds: true,
  uniqueBuildTypeIds: true,
  parentsBeforeChildren: true,
  buildTypesPointToTheirProject: true,
};

describe('generatePayload', () => {
  it("has the original's shape (the counts recorded from it)", () => {
    const payload = generatePayload();
    expect(shapeOf(payload)).toEqual(payloadShape);
    expect(structureOf(payload)).toEqual(expectedStructure);
    const bytes = Buffer.byteLength(JSON.stringify(payload));
    expect(Math.abs(bytes / originalJsonBytes - 1)).toBeLessThan(0.03);
  });

  it('gives the same payload for the same seed, and a different one of the same shape for another', () => {
    const first = generatePayload(7);
    expect(JSON.stringify(generatePayload(7))).toBe(JSON.stringify(first));
    const other = generatePayload(8);
    expect(other.project.map((p) => p.id)).not.toEqual(first.project.map((p) => p.id));
    expect(shapeOf(other)).toEqual(payloadShape);
    expect(structureOf(other)).toEqual(expectedStructure);
  });

  it('keeps some non-ASCII text, as the original has', () => {
    const json = JSON.stringify(generatePayload());
    // Any character outside ASCII takes more than one byte in UTF-8.
    expect(Buffer.byteLength(json)).toBeGreaterThan(json.length);
  });
});
