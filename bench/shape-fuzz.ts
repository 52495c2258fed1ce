import { fuzz, recordQueries } from '../test/fuzz/harness.ts';

// Every damage of every (endpoint, field) pair the generated queries reach, as the test tier
// runs them, with timings. Prints the figures and each violation; exits 1 when there is any.

const started = performance.now();
const queries = await recordQueries();
const recorded = performance.now();
let last = 0;
const report = await fuzz(queries, {
  onProgress: (done, total) => {
    if (done - last >= 1000 || done === total) {
      last = done;
      process.stderr.write(`  ${done}/${total} damages\n`);
    }
  },
});
const finished = performance.now();
for (const v of report.violations) console.log(`violation: ${v.damage}: ${v.problem}`);
console.log(
  `shape fuzz (exhaustive): ${report.damages} damages over ${report.pairs} (endpoint, field) pairs of ${report.endpoints} endpoints, from ${report.queries} queries: ${report.violations.length} violations`,
);
console.log(
  `recording ${Math.round(recorded - started)} ms, fuzzing ${Math.round(finished - recorded)} ms (${((finished - recorded) / report.damages).toFixed(1)} ms per damage, probes included)`,
);
process.exit(report.violations.length > 0 ? 1 : 0);
