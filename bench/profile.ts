/** Reading a V8 CPU profile (`--cpu-prof`) for the benches. */
import { readFileSync } from 'node:fs';

/**
 * Self time of a V8 CPU profile by package (`node_modules/<name>`) and by file, with GC and idle
 * apart, leaving out its first `skipMs` (start-up).
 */
export function profileByPackage(path: string, skipMs: number) {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
    samples: number[];
    timeDeltas: number[];
  };
  const owner = new Map<number, string>();
  const fileOf = new Map<number, string>();
  for (const node of profile.nodes) {
    fileOf.set(
      node.id,
      `${node.callFrame.url.replace(/^file:\/\/.*?\/(src|node_modules)\//, '$1/')} ${node.callFrame.functionName}`,
    );
    const { url, functionName } = node.callFrame;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    owner.set(
      node.id,
      functionName === '(garbage collector)'
        ? '(garbage collector)'
        : functionName === '(idle)'
          ? '(idle)'
          : functionName === '(program)'
            ? '(program: native, outside JS)'
            : pkg
              ? pkg
              : url.startsWith('node:') || url === ''
                ? '(node core)'
                : 'docs-graph',
    );
  }
  const totals = new Map<string, number>();
  const files = new Map<string, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    // Start-up (loading modules) is not per-request work.
    if (at < skipMs * 1000) return;
    const key = owner.get(id) ?? '(unknown)';
    totals.set(key, (totals.get(key) ?? 0) + delta);
    const file = fileOf.get(id) ?? '';
    if (file) files.set(file, (files.get(file) ?? 0) + delta);
  });
  const busy = [...totals].filter(([k]) => k !== '(idle)').reduce((sum, [, v]) => sum + v, 0);
  const rows = [...totals]
    .filter(([k]) => k !== '(idle)')
    .sort((x, y) => y[1] - x[1])
    .map(([name, micros]) => ({ name, share: micros / busy }));
  const topFiles = [...files]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 25)
    .map(([name, micros]) => ({ name, share: micros / busy }));
  return { rows, topFiles, gcShare: (totals.get('(garbage collector)') ?? 0) / busy };
}
