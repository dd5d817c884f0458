// A seeded stand-in for data-client's benchmark payload (a TeamCity project list), so the
// benchmarks and the compatibility tests run on a fresh clone. Same shape and size as the
// original: 709 projects in a tree 4 levels deep holding 2,117 build types, the same key sets
// and optional fields, the same counts of each build type kind, 11 build type ids equal to a
// project id, about 517 kB of compact JSON (810 kB indented).
import type { BuildType, Payload, Project } from './data';

/** The original's shape, measured from its data.json; the generator reproduces each count. */
export const payloadShape = {
  projects: 709,
  buildTypes: 2117,
  /** How many projects hold n build types. */
  buildTypesPerProject: {
    0: 49,
    1: 345,
    2: 121,
    3: 45,
    4: 30,
    5: 23,
    6: 10,
    7: 10,
    8: 12,
    9: 12,
    10: 5,
    11: 3,
    12: 4,
    13: 4,
    14: 3,
    15: 7,
    16: 2,
    17: 6,
    18: 8,
    19: 1,
    20: 3,
    23: 5,
    24: 1,
  } as Record<number, number>,
  /** Children of each of the 11 top-level projects, largest first. */
  childrenOfRoots: [363, 43, 30, 20, 12, 10, 5, 4, 4, 4, 0],
  /** Projects by depth below the root: 11 top-level projects, then each level under the last. */
  projectsAtDepth: [11, 495, 174, 29],
  projectDescriptions: 481,
  buildTypeDescriptions: 414,
  pausedBuildTypes: 166,
  buildTypeKinds: { regular: 1974, deployment: 93, composite: 50 } as Record<string, number>,
  /** Build types whose id is their project's id (so Project and BuildType must be two tables). */
  idsSharedWithProjects: 11,
};
/** UTF-8 bytes of the original as compact JSON; the generated payload is within a few percent. */
export const originalJsonBytes = 516_851;

/** mulberry32: a small, fast 32-bit generator; good enough to vary test data reproducibly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const below = (random: Random, n: number) => Math.floor(random() * n);
const pick = <T>(random: Random, list: readonly T[]): T => list[below(random, list.length)]!;

function shuffle<T>(random: Random, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = below(random, i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** Each value repeated as often as its count says, in random order. */
const shuffledCounts = <T>(random: Random, counts: [T, number][]): T[] =>
  shuffle(
    random,
    counts.flatMap(([value, n]) => Array<T>(n).fill(value)),
  );

/** `total` flags of which exactly `count` are true, in random order. */
const exactly = (random: Random, total: number, count: number): boolean[] =>
  shuffledCounts(random, [
    [true, count],
    [false, total - count],
  ]);

/** `n` distinct integers from [min, max]. */
function distinctNumbers(random: Random, n: number, min: number, max: number): number[] {
  const taken = new Set<number>();
  while (taken.size < n) taken.add(min + below(random, max - min + 1));
  return [...taken];
}

const SYLLABLES = ['ka', 'ro', 'tel', 'vex', 'lin', 'mo', 'dra', 'qua', 'zen', 'fi', 'sto', 'nu'];
const NAME_SUFFIXES = ['', '', '', '', ' JVM', '.NET', ' Plugin', ' for Kotlin', 'JS', ' Tools'];
const BUILD_STEPS = [
  'Build',
  'Tests',
  'Deploy',
  'Release',
  'Publish',
  'Nightly build',
  'Pull Requests',
  'Package',
  'Documentation',
  'Integration tests',
  'Snapshot',
  'Auto merge',
];
const BUILD_VARIANTS = [
  '',
  '',
  ' (Linux)',
  ' (Windows .NET 4.0)',
  ' with Scala 2.12',
  ' [develop]',
  ' on JDK 11',
  ' [release/0.3]',
  ' (macOS)',
];
const WORDS = [
  'open',
  'source',
  'library',
  'for',
  'the',
  'JVM',
  'client',
  'plugin',
  'build',
  'fast',
  'and',
  'simple',
  'framework',
  'with',
  'support',
  'tests',
  'domain',
  'specific',
  'language',
  'of',
];
/** The original has a few dozen non-ASCII characters; keep some so string handling is real. */
const DECORATIONS = [' — JetBrains fork', ' ❤', ' 📦', ' ⚙️', ' (façade)', ' ϰ'];

const capitalize = (word: string) => word[0]!.toUpperCase() + word.slice(1);
/** `Auto build with Scala 2.11` → `AutoBuildWithScala211`, the way TeamCity derives ids. */
const idPart = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalize)
    .join('');

function projectName(random: Random): string {
  const words = 1 + below(random, 2);
  let name = '';
  for (let w = 0; w < words; w++) {
    let word = '';
    for (let s = 2 + below(random, 2); s > 0; s--) word += pick(random, SYLLABLES);
    name += (w ? ' ' : '') + capitalize(word);
  }
  return name + pick(random, NAME_SUFFIXES);
}

function sentence(random: Random, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(pick(random, WORDS));
  return capitalize(out.join(' '));
}

function description(random: Random, meanWords: number): string {
  let text = sentence(random, 1 + below(random, meanWords * 2));
  if (random() < 0.5) {
    const repo = `${projectName(random).toLowerCase().replace(/\W/g, '')}`;
    text += ` (https://github.com/${pick(random, SYLLABLES)}${pick(random, SYLLABLES)}/${repo})`;
  }
  if (random() < 0.02) text += pick(random, DECORATIONS);
  return text;
}

/** Makes every id unique across both entity types by numbering repeats. */
function uniqueIds() {
  const used = new Set<string>();
  return (wanted: string) => {
    let id = wanted;
    for (let n = 2; used.has(id); n++) id = `${wanted}${n}`;
    used.add(id);
    return id;
  };
}

interface Node {
  project: Omit<Project, 'buildTypes'>;
  children: Node[];
}

/** The project tree: 11 roots, then every project at depth d hangs under one at depth d - 1. */
function projectTree(random: Random, unique: (id: string) => string): Node[] {
  const internalIds = distinctNumbers(random, payloadShape.projects, 2, 42_688);
  let created = 0;
  const node = (parent: Node | undefined): Node => {
    let name = projectName(random);
    if (random() < 0.01) name += pick(random, DECORATIONS);
    const parentId = parent?.project.id ?? '_Root';
    // About a third of the ids in the original carry their parent's id as a prefix.
    const wanted = parent && random() < 0.36 ? `${parentId}_${idPart(name)}` : idPart(name);
    const project = {
      id: unique(wanted),
      internalId: `project${internalIds[created++]}`,
      name,
      parentProjectId: parentId,
      archived: false,
    };
    const created_ = { project, children: [] };
    parent?.children.push(created_);
    return created_;
  };
  const roots = payloadShape.childrenOfRoots.map(() => node(undefined));
  let level = roots.flatMap((root, i) =>
    Array.from({ length: payloadShape.childrenOfRoots[i]! }, () => node(root)),
  );
  for (const count of payloadShape.projectsAtDepth.slice(2)) {
    const parents = level;
    level = Array.from({ length: count }, () => node(pick(random, parents)));
  }
  return roots;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Depth-first, siblings by name: parents always come before their children, as in the original. */
function depthFirst(nodes: Node[], out: Node[] = []): Node[] {
  for (const node of [...nodes].sort((a, b) => byName(a.project, b.project))) {
    out.push(node);
    depthFirst(node.children, out);
  }
  return out;
}

function buildTypeName(random: Random): string {
  return pick(random, BUILD_STEPS) + pick(random, BUILD_VARIANTS);
}

/**
 * The benchmark payload for `seed`: the same seed always gives the same payload. Its shape is
 * that of data-client's own benchmark payload (bench/README.md, "Data").
 */
export function generatePayload(seed = 1): Payload {
  const random = seededRandom(seed);
  const unique = uniqueIds();
  const projects = depthFirst(projectTree(random, unique));

  const buildTypeCounts = shuffledCounts(
    random,
    Object.entries(payloadShape.buildTypesPerProject).map(([n, projects]) => [Number(n), projects]),
  );
  const total = buildTypeCounts.reduce((sum, n) => sum + n, 0);
  const withProjectId = new Set(
    shuffle(
      random,
      projects.flatMap((_, i) => (buildTypeCounts[i]! > 0 ? [i] : [])),
    ).slice(0, payloadShape.idsSharedWithProjects),
  );
  const projectDescribed = exactly(random, projects.length, payloadShape.projectDescriptions);
  const buildTypeDescribed = exactly(random, total, payloadShape.buildTypeDescriptions);
  const paused = exactly(random, total, payloadShape.pausedBuildTypes);
  const kinds = shuffledCounts(random, Object.entries(payloadShape.buildTypeKinds));
  const internalIds = distinctNumbers(random, total, 5, 17_735);

  let b = 0;
  const project = projects.map(({ project: p }, i): Project => {
    const buildType: BuildType[] = [];
    const names = new Set<string>();
    for (let k = 0; k < buildTypeCounts[i]!; k++, b++) {
      let name = buildTypeName(random);
      for (let n = 2; names.has(name); n++) name = `${buildTypeName(random)} ${n}`;
      names.add(name);
      const internalId = `bt${internalIds[b]}`;
      // Ids as the original has them: its project's id, prefixed by it, or the internal id.
      const form = random();
      const id =
        k === 0 && withProjectId.has(i)
          ? p.id
          : unique(form < 0.6 ? `${p.id}_${idPart(name)}` : form < 0.9 ? internalId : idPart(name));
      buildType.push({
        id,
        internalId,
        name,
        type: kinds[b]!,
        paused: paused[b]!,
        ...(buildTypeDescribed[b] ? { description: description(random, 4) } : {}),
        projectId: p.id,
      });
    }
    return {
      ...p,
      ...(projectDescribed[i] ? { description: description(random, 9) } : {}),
      buildTypes: { buildType: buildType.sort(byName) },
    };
  });
  // Parsed JSON, as the original's data.json is loaded and as an app receives a response: the
  // objects built above by spreads have V8 shapes that no parsed response has (slower to copy).
  return JSON.parse(JSON.stringify({ project }));
}
