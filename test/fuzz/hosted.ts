import { type Answer, isAlwaysPresent, type Pointer } from './harness.ts';

/**
 * Answers as the hosted service may send them, made from the embedded workspace's: valid for the
 * hosted service, yet unlike what the embedded server sends. `withoutOptional` leaves out every
 * member the spec does not mark always present; `withPageKinds` puts pages of every kind (link
 * pages to a URL and to a page, computed and group pages, and a kind no one knows yet) in every
 * list of pages.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The answer with only the members the spec marks always present (and those needed to read it). */
export function withoutOptional(body: unknown): unknown {
  const strip = (value: unknown, pointer: Pointer): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => strip(item, [...pointer, i]));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const at = [...pointer, key];
      if (isAlwaysPresent(body, at)) out[key] = strip(member, at);
    }
    return out;
  };
  return strip(body, []);
}

/** The pages of every kind put in a list of pages at `pointer` (ids unique per place). */
export function hostedPages(pointer: Pointer, firstPage: string | undefined): Json[] {
  const tag = pointer.join('-') || 'root';
  const pages: Json[] = [
    {
      id: `link-${tag}`,
      title: 'Status page',
      type: 'link',
      target: { kind: 'url', url: 'https://status.example.com' },
    },
    {
      id: `computed-${tag}`,
      title: 'API models',
      type: 'computed',
      slug: `api-models-${tag}`,
      path: `api-models-${tag}`,
      computed: {
        type: 'builtin:openapi',
        dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } },
        props: { doc: 'models' },
      },
      computedSeed: 'seed',
    },
    { id: `group-${tag}`, title: 'Reference', type: 'group', slug: 'reference', path: 'reference' },
    { id: `future-${tag}`, title: 'Widget', type: 'x-future-kind', widget: { size: 3 } },
  ];
  if (firstPage !== undefined) {
    pages.push({
      id: `see-also-${tag}`,
      title: 'See also',
      type: 'link',
      target: { kind: 'page', page: firstPage },
    });
  }
  return pages;
}

const isPage = (value: unknown): value is { id: string; type: unknown } =>
  value !== null && typeof value === 'object' && 'id' in value && 'type' in value;

/** The answer with pages of every kind added to each list of pages (`pages` of page objects). */
export function withPageKinds(body: unknown): unknown {
  const add = (value: unknown, pointer: Pointer): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => add(item, [...pointer, i]));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const at = [...pointer, key];
      out[key] = add(member, at);
      if (key === 'pages' && Array.isArray(member) && member.every(isPage)) {
        const first = member[0] as { id: string } | undefined;
        out[key] = [...(out[key] as unknown[]), ...hostedPages(at, first?.id)];
      }
    }
    return out;
  };
  return add(body, []);
}

/** Every answer changed by `change` (error answers kept as they are). */
export function changed(
  answers: Map<string, Answer>,
  change: (body: unknown) => unknown,
): Map<string, Answer> {
  const out = new Map<string, Answer>();
  for (const [path, answer] of answers) {
    out.set(path, answer.status >= 300 ? answer : { ...answer, body: change(answer.body) });
  }
  return out;
}
