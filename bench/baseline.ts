/**
 * The build of another commit, for a bench to run beside this checkout's. The commit's files are
 * exported (`git archive`: no worktree, nothing registered in the repository) into
 * `<tmpdir>/docs-graph-baseline-<commit>`, given their own dependencies and built with their own
 * `npm run build`. The dependencies are this checkout's `node_modules` (a symlink) when the two
 * lockfiles are the same, else the commit's own `npm ci`. The build is kept for the next run of
 * any bench (a commit's files never change); `--rebuild` in a bench, or deleting the folder,
 * builds it again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

export interface BaselineBuild {
  ref: string;
  /** The commit `ref` named, abbreviated. */
  commit: string;
  /** Its built CLI (`dist/cli.js`). */
  cli: string;
}

function run(command: string, args: string[], cwd: string, input?: Buffer): string {
  const result = spawnSync(command, args, {
    cwd,
    input,
    encoding: input ? undefined : 'utf8',
    maxBuffer: 1 << 30,
    stdio: input ? ['pipe', 'pipe', 'pipe'] : undefined,
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }
  return String(result.stdout).trim();
}

const lockOf = (dir: string) => readFileSync(join(dir, 'package-lock.json'), 'utf8');

/**
 * The built CLI of `ref`: built first if no earlier run kept it (minutes on a busy machine, more
 * when the commit's dependencies differ from this checkout's and are installed).
 */
export function buildBaseline(ref: string, options: { rebuild?: boolean } = {}): BaselineBuild {
  const commit = run('git', ['rev-parse', '--short', `${ref}^{commit}`], ROOT);
  const dir = join(tmpdir(), `docs-graph-baseline-${commit}`);
  const cli = join(dir, 'dist', 'cli.js');
  if (options.rebuild) rmSync(dir, { recursive: true, force: true });
  if (existsSync(cli)) return { ref, commit, cli };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    const archive = spawnSync('git', ['archive', '--format=tar', commit], {
      cwd: ROOT,
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
    run('tar', ['-x', '-C', dir], ROOT, archive.stdout);
    if (lockOf(dir) === lockOf(ROOT)) {
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    } else {
      run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    }
    run('npm', ['run', 'build'], dir);
    if (!existsSync(cli)) throw new Error(`the build of ${ref} made no ${cli}`);
    return { ref, commit, cli };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
