// Retakes the example screenshots the README and docs/client.md show: runs the example's browser
// test (which saves them to test-output/) and copies them to examples/web/screenshots/.
// Space icons are emoji: without a colour emoji font Chromium draws them as empty boxes, so the
// font is checked first (Debian: `apt-get install fonts-noto-color-emoji`).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const SHOTS = [
  ['test-output/example-page.png', 'examples/web/screenshots/page.png'],
  ['test-output/example-change-request.png', 'examples/web/screenshots/change-request.png'],
];

function fail(message) {
  console.error(`screenshots: ${message}`);
  process.exit(1);
}

let fonts = '';
try {
  fonts = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
} catch {
  fail('fc-list (fontconfig) is not installed; install fontconfig and fonts-noto-color-emoji');
}
if (!/Noto Color Emoji/i.test(fonts)) {
  fail(
    'no colour emoji font: space icons would show as empty boxes.\n' +
      'Install one (Debian: apt-get install -y fonts-noto-color-emoji), then run this again.',
  );
}

const started = Date.now();
const run = spawnSync('npx', ['vitest', 'run', 'test/browser/example.test.ts'], {
  cwd: root,
  stdio: 'inherit',
});
if (run.status !== 0) fail('the example browser test failed; no screenshot was copied');

for (const [from, to] of SHOTS) {
  const source = resolve(root, from);
  if (!existsSync(source) || statSync(source).mtimeMs < started) {
    fail(`${from} was not taken by this run (is Chromium installed at /usr/bin/chromium?)`);
  }
  copyFileSync(source, resolve(root, to));
  console.log(`screenshots: ${to}`);
}
