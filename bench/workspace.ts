/**
 * The embedded workspace (`/v1`) in a child process of its own, for the benches: the built CLI
 * when `dist/cli.js` exists (as `npm start` runs it), else the sources through tsx.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Matches the `/v1` URL the CLI prints when it listens. */
export const WORKSPACE_URL = /(http:\/\/\S+?)\/v1\b/;

export interface BenchWorkspace {
  child: ChildProcess;
  /** Base URL, without `/v1`. */
  url: string;
  stop(): void;
}

/** Starts the workspace with demo data at `scale` in memory; resolves with its base URL. */
export function startWorkspace(scale: number, timeoutMs = 60_000): Promise<BenchWorkspace> {
  const built = new URL('../dist/cli.js', import.meta.url).pathname;
  const source = new URL('../src/cli.ts', import.meta.url).pathname;
  const script = existsSync(built) ? [built] : ['--import', 'tsx', source];
  const args = ['workspace', '--port', '0', '--db', ':memory:', '--demo-scale', String(scale)];
  const child = spawn(process.execPath, [...script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the workspace printed no /v1 URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = WORKSPACE_URL.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`workspace exited with ${code}: ${output}`));
    });
  });
}
