import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Relative links between README.md and docs/*.md must resolve: to an existing file or folder of
// the repository and, for a Markdown page, to one of its headings when they name one.
const ROOT = fileURLToPath(new URL('../', import.meta.url));

// Pages generated from a model (the configuration reference), which link to no other page.
const GENERATED = new Set(['docs/configuration.md']);

const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** The text of a page outside code: fenced blocks and inline code removed. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Relative link targets of a page (`[text](target)` and images), absolute URLs left out. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The anchors GitHub gives a page's headings. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const withoutFences = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const m of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = (m[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** What is wrong with each link of `page` (a path relative to the repository), if anything. */
function brokenLinks(page: string, read: (path: string) => string | undefined): string[] {
  const source = read(page) ?? '';
  const problems: string[] = [];
  for (const link of relativeLinks(source)) {
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? page : normalize(join(dirname(page), decodeURI(path)));
    const text = read(target);
    if (text === undefined && !existsSync(join(ROOT, target))) {
      problems.push(`${link}: no file ${target}`);
      continue;
    }
    if (anchor && text !== undefined && target.endsWith('.md') && !anchors(text).has(anchor)) {
      problems.push(`${link}: no heading #${anchor} in ${target}`);
    }
  }
  return problems;
}

const readRepo = (path: string) => {
  const file = join(ROOT, path);
  return existsSync(file) && path.endsWith('.md') ? readFileSync(file, 'utf8') : undefined;
};

describe('relative links of README.md and docs/', () => {
  it('are found on every page', () => {
    expect(pages).toContain('docs/guide.md');
    for (const page of pages.filter((p) => !GENERATED.has(p))) {
      expect(relativeLinks(readRepo(page) ?? ''), page).not.toEqual([]);
    }
  });

  it.each(pages)('%s links only to what exists', (page) => {
    expect(brokenLinks(page, readRepo)).toEqual([]);
  });

  it('would be caught pointing at a missing file or heading', () => {
    const fake: Record<string, string> = {
      'README.md': [
        '# Top',
        '[ok](docs/a.md#a-heading) [here](#top) [site](https://example.com/x.md)',
        '[gone](docs/missing.md) [bad anchor](docs/a.md#nowhere) `[code](docs/nope.md)`',
        '```',
        '[fenced](docs/nope.md)',
        '```',
      ].join('\n'),
      'docs/a.md': '# A heading\n\nBack to the [README](../README.md#top).\n',
    };
    const read = (path: string) => fake[path];
    expect(brokenLinks('README.md', read)).toEqual([
      'docs/missing.md: no file docs/missing.md',
      'docs/a.md#nowhere: no heading #nowhere in docs/a.md',
    ]);
    expect(brokenLinks('docs/a.md', read)).toEqual([]);
  });
});
