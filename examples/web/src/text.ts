import { DocsGraphError } from 'docs-graph/client';

/** `1 comment`, `2 comments`; `plural` for irregular words. A count the workspace did not send is said so. */
export function count(
  n: number | null | undefined,
  singular: string,
  plural = `${singular}s`,
): string {
  if (n === null || n === undefined) return `${plural} (count unknown)`;
  return `${n} ${n === 1 ? singular : plural}`;
}

/** A GraphQL enum value as people read it: `IN_COLLECTION` -> `In collection` (`Unknown` when absent). */
export function label(value: string | null | undefined): string {
  const text = (value ?? 'unknown').toLowerCase().replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An error as a sentence for the page (request-level codes get their own wording). */
export function sentence(error: unknown): string {
  if (error instanceof DocsGraphError) {
    const code = error.errors[0]?.extensions?.code;
    if (code === 'UNAUTHENTICATED')
      return 'This token was not accepted. Pick another persona above.';
    if (code === 'FORBIDDEN') return 'This persona is not allowed to see this.';
    if (code === 'NOT_FOUND') return 'This does not exist, or this persona cannot see it.';
    if (code === 'UPSTREAM_TIMEOUT') return 'The workspace took too long to answer. Try again.';
  }
  if (error instanceof TypeError) return 'The server could not be reached. Is it running?';
  const message = error instanceof Error ? error.message : String(error);
  return `Something went wrong: ${message.replace(/\.?$/, '.')}`;
}

/** A date as people read it, or `an unknown date` when the workspace sent none. */
export function dateText(value: string | null | undefined, time = false): string {
  if (!value) return 'an unknown date';
  const date = new Date(value);
  return time ? date.toLocaleString() : date.toLocaleDateString();
}

/** The plain text of a rich-text Document (paragraphs separated by blank lines). */
export function documentText(document: unknown): string {
  if (typeof document === 'string') return document;
  const blocks: string[] = [];
  const walk = (node: unknown, into: string[]): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { object?: string; text?: string; leaves?: unknown[]; nodes?: unknown[] };
    if (typeof n.text === 'string') into.push(n.text);
    for (const leaf of n.leaves ?? []) walk(leaf, into);
    if (n.object === 'block') {
      const inner: string[] = [];
      for (const child of n.nodes ?? []) walk(child, inner);
      blocks.push(inner.join(''));
    } else for (const child of n.nodes ?? []) walk(child, into);
  };
  walk(document, blocks);
  return blocks.join('\n\n').trim();
}
