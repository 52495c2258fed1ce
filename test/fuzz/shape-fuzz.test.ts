import { describe, expect, it } from 'vitest';
import { fuzz, recordQueries } from './harness.ts';

describe('shape fuzzing', () => {
  // Every damage of every (endpoint, field) pair the generated queries reach: a sample once
  // missed damage that only some pairs show (`npm run bench:shape-fuzz` prints the same run).
  it('keeps every damage of an upstream answer local, on every domain', async () => {
    const queries = await recordQueries();
    const report = await fuzz(queries);
    console.log(
      `shape fuzz: ${report.damages} damages over ${report.pairs} (endpoint, field) pairs of ${report.endpoints} endpoints, from ${report.queries} queries: ${report.violations.length} violations`,
    );
    expect(report.damages).toBeGreaterThan(9_000);
    expect(report.endpoints).toBeGreaterThan(60);
    expect(report.violations.slice(0, 20).map((v) => `${v.damage}: ${v.problem}`)).toEqual([]);
  }, 600_000);
});
