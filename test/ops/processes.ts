import { type ChildProcess, spawn } from 'node:child_process';

const BIN = new URL('../../bin/docs-graph.js', import.meta.url).pathname;

/** Child processes of the CLI, each stopped by its PID when the test file ends. */
export class Processes {
  readonly children: ChildProcess[] = [];

  /** Starts `docs-graph gateway` and resolves with its URL once it listens. */
  gateway(
    args: string[],
    env: Record<string, string> = {},
  ): Promise<{ child: ChildProcess; url: string; output: () => string }> {
    const child = spawn(process.execPath, [BIN, 'gateway', '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    this.children.push(child);
    let output = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within 90 s:\n${output}`)), 90_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^\s+(http:\/\/\S+)\/graphql\s/m.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve({ child, url: match[1], output: () => output });
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}:\n${output}`));
      });
    });
  }

  /** Kills every child still running, by PID. */
  stopAll(): void {
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null && child.pid) {
        process.kill(child.pid, 'SIGKILL');
      }
    }
  }
}

/** Resolves with the exit code of a child process. */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
