/**
 * CPU profiles of one measured run, for chat.bench.ts with
 * CHAT_BENCH_PROFILE=<dir>: the server process profiles itself through
 * node:inspector between the bench's start and stop (so seeding and
 * connecting stay out), writes <dir>/<server>-<load>.cpuprofile (open it in
 * Chrome DevTools), and the bench prints where the samples fell.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

let session: Session | null = null;

export async function startCpuProfile(): Promise<void> {
  session ??= new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}

/** Stops the profile, writes it to `file` and answers where its samples fell. */
export async function stopCpuProfile(file: string): Promise<ProfileSummary> {
  if (!session) throw new Error('no profile was started');
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  session.disconnect();
  await writeFile(file, JSON.stringify(profile));
  return summarise(profile);
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time by area (a package, our code, the engine), most first. */
  areas: { name: string; ms: number }[];
  /** Self time by function, most first. */
  functions: { name: string; ms: number }[];
  /**
   * Time under each function of the app (sync-server/src, shared/src), callees
   * included, most first. An async function's time after its first await
   * counts under whoever resumed it, so these are lower bounds.
   */
  appInclusive: { name: string; ms: number }[];
}

const WORK_DIR = `${process.cwd()}/`;

/** V8's own entries; any other frame without a URL is a native function (better-sqlite3's run, a socket's writev). */
const ENGINE_ENTRIES = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

function areaOf(url: string, functionName: string): string {
  if (!url) return ENGINE_ENTRIES.has(functionName) ? functionName : `native ${functionName || '(anonymous)'}()`;
  const path = url.replace(/^file:\/\//, '');
  const packageAt = path.lastIndexOf('node_modules/');
  if (packageAt >= 0) {
    const parts = path.slice(packageAt + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  if (path.startsWith('node:')) return 'node internals';
  return path.replace(WORK_DIR, '');
}

const APP_CODE = /^(sync-server|shared)\/src\//;

function summarise(profile: Profile, top = 15): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const appInclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id);
    const us = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const name = url ? `${functionName || '(anonymous)'} ${area}:${lineNumber + 1}` : area;
    functions.set(name, (functions.get(name) ?? 0) + us);
    totalUs += us;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame) break;
      const file = areaOf(frame.url, frame.functionName);
      if (!APP_CODE.test(file)) continue;
      const appName = `${frame.functionName || '(anonymous)'} ${file}`;
      if (seen.has(appName)) continue;
      seen.add(appName);
      appInclusive.set(appName, (appInclusive.get(appName) ?? 0) + us);
    }
  });
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000 }));
  return {
    totalMs: totalUs / 1000,
    areas: ranked(areas),
    functions: ranked(functions),
    appInclusive: ranked(appInclusive),
  };
}
