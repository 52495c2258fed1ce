/**
 * Child processes of the benches: each server runs in a process of its own, so that what one
 * costs is read from its own CPU time (`/proc/<pid>/stat`) and the load generator does not share
 * its event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A server started by a bench. */
export interface BenchProcess {
  child: ChildProcess;
  /** The base URL it printed (`http://127.0.0.1:<port>`). */
  url: string;
  /** Its CPU time so far (user and system), in milliseconds. */
  cpuMs(): number;
  /** Stops it (SIGTERM) and resolves when it has exited. */
  stop(): Promise<void>;
}

/** Clock ticks per second of `/proc/<pid>/stat` (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/** The CPU time of process `pid` in milliseconds (user and system), or NaN off Linux. */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/**
 * Runs `node <args>` and resolves once it printed a URL matching `pattern` (its first group is
 * the base URL). Its output after that is read and dropped, so a chatty server never blocks.
 */
export function startProcess(
  args: readonly string[],
  pattern: RegExp,
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<BenchProcess> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: options.env } : {}),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    let found = false;
    const timeoutMs = options.timeoutMs ?? 60_000;
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${args.join(' ')} printed no URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      if (found) return;
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) {
        found = true;
        clearTimeout(timer);
        resolve({ child, url: match[1], cpuMs: () => cpuMsOf(child.pid), stop });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!found) reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}
