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

/**
 * Resolves once `output()` matches `pattern`. Log lines go to stderr and the banner to stdout:
 * two pipes, so what a process wrote first may be read second.
 */
export const outputMatching = async (output: () => string, pattern: RegExp, seconds = 10) => {
  const until = Date.now() + seconds * 1_000;
  while (!pattern.test(output())) {
    if (Date.now() > until) throw new Error(`no output matching ${pattern}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return output();
};

/**
 * Resolves with the exit code of a child process once its output pipes are closed too, so that
 * everything it printed has been read.
 */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    const open = [child.stdout, child.stderr].filter((pipe) => pipe && !pipe.closed);
    if (child.exitCode !== null && open.length === 0) resolve(child.exitCode);
    else child.once('close', (code) => resolve(code));
  });
