/** The executors the gateway can run plain operations on (no dependencies: the config reads it). */
export const EXECUTORS = ['jit', 'graphql-js'] as const;
export type Executor = (typeof EXECUTORS)[number];

/** The executor of plain operations when none is chosen. */
export const DEFAULT_EXECUTOR: Executor = 'jit';
