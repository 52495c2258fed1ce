import { describe, expect, it } from 'vitest';
import { fuzz, recordQueries } from './harness.ts';

/** Damages per run of `npm test`; `npm run bench:shape-fuzz` runs every damage of every pair. */
const BUDGET = 3000;

describe('shape fuzzing', () => {
  it('keeps every damage of an upstream answer local, on every domain', async () => {
    const queries = await recordQueries();
    const report = await fuzz(queries, { budget: BUDGET });
    console.log(
      `shape fuzz: ${report.damages} damages over ${report.pairs} (endpoint, field) pairs of ${report.endpoints} endpoints, from ${report.queries} queries: ${report.violations.length} violations`,
    );
    expect(report.damages).toBeGreaterThan(BUDGET * 0.95);
    expect(report.endpoints).toBeGreaterThan(50);
    expect(report.violations.slice(0, 20).map((v) => `${v.damage}: ${v.problem}`)).toEqual([]);
  }, 240_000);
});
