/**
 * The build of another commit, for a bench to run beside this checkout's: a git worktree of
 * `ref` in a temporary directory outside the repository, using this checkout's `node_modules`
 * (a symlink: no install), built with its own `npm run build`. `stop()` removes the worktree.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

export interface BaselineBuild {
  ref: string;
  /** The commit `ref` named, abbreviated. */
  commit: string;
  /** Its built CLI (`dist/cli.js`). */
  cli: string;
  stop(): void;
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }
  return result.stdout.trim();
}

/** Checks out and builds `ref` (minutes on a busy machine); the caller calls `stop()`. */
export function buildBaseline(ref: string): BaselineBuild {
  const commit = run('git', ['rev-parse', '--short', `${ref}^{commit}`], ROOT);
  const dir = mkdtempSync(join(tmpdir(), 'docs-graph-baseline-'));
  const stop = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('git', ['worktree', 'add', '--detach', dir, commit], ROOT);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    run('npm', ['run', 'build'], dir);
    const cli = join(dir, 'dist', 'cli.js');
    if (!existsSync(cli)) throw new Error(`the build of ${ref} made no ${cli}`);
    return { ref, commit, cli, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
