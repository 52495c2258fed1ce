import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type Pretty from 'pino-pretty';

// pino-pretty (and its colours and formatters) is loaded only for pretty output, on a terminal.
const require = createRequire(import.meta.url);

export type { Logger } from 'pino';

/** How long a log line may wait in the buffer of stdout. */
const FLUSH_MS = 200;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LoggerOptions {
  /** Default `info`. */
  level?: LogLevel;
  /** Human-readable lines instead of JSON (default: when stdout is a TTY). */
  pretty?: boolean;
  /** Where lines go (default stdout); tests pass a stream that collects them. */
  destination?: NodeJS.WritableStream;
}

/**
 * The gateway's pino logger: one JSON object per line (pretty on a TTY). Authorization headers,
 * tokens and cookies are redacted wherever they appear in a logged object.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = {
    level: options.level ?? 'info',
    base: { service: 'docs-graph' },
    redact: {
      paths: [
        'authorization',
        'token',
        'cookie',
        '*.authorization',
        '*.token',
        '*.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
      ],
      censor: '[redacted]',
    },
  };
  const prettyOutput = options.pretty ?? (!options.destination && process.stdout.isTTY === true);
  if (prettyOutput) {
    const pretty = require('pino-pretty') as typeof Pretty;
    return pino(
      settings,
      pretty({ colorize: true, destination: options.destination ?? 1, sync: true }),
    );
  }
  if (options.destination) return pino(settings, options.destination);
  // Asynchronous, buffered stdout: lines are written 4 KB at a time (or every FLUSH_MS when
  // fewer come), not one system call per request. The shutdown flushes what is left
  // (`logger.flush()`), and pino's destination flushes on exit.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let buffered = false;
  setInterval(() => {
    if (!buffered) return;
    buffered = false;
    // No callback: with one, sonic-boom also fsyncs. It throws once destroyed (at exit).
    try {
      destination.flush();
    } catch {}
  }, FLUSH_MS).unref();
  const streamWrite = (line: string) => {
    buffered = true;
    return line;
  };
  return pino({ ...settings, hooks: { streamWrite } }, destination);
}
