import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { type MouseEvent, useMemo } from 'react';

/**
 * Markdown as HTML (marked), sanitised (DOMPurify: no scripts, event handlers or `javascript:`
 * links). Link and image targets that `references` maps (content references such as
 * `file:<id>`, which a browser cannot load) are rewritten to their URLs first. A click on a link
 * that `resolve` maps to an app path navigates in the app; other links open in a new tab.
 */
export function Markdown({
  text,
  references,
  resolve,
  onNavigate,
  testId,
}: {
  text: string;
  references?: ReadonlyMap<string, string>;
  resolve?: (href: string) => string | undefined;
  onNavigate?: (path: string) => void;
  testId?: string;
}) {
  const html = useMemo(
    () =>
      DOMPurify.sanitize(
        marked.parse(text, {
          async: false,
          gfm: true,
          walkTokens: (token) => {
            if (token.type !== 'link' && token.type !== 'image') return;
            const url = references?.get(token.href);
            if (url !== undefined) token.href = url;
          },
        }) as string,
      ),
    [text, references],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href) return;
    const path = resolve?.(href);
    if (path && onNavigate && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
      event.preventDefault();
      onNavigate(path);
    } else if (/^https?:/.test(href)) {
      anchor.target = '_blank';
      anchor.rel = 'noopener noreferrer';
    }
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: links inside keep their own keyboard handling
    // biome-ignore lint/a11y/noStaticElementInteractions: the click handler only routes link clicks
    <div
      className="markdown"
      data-testid={testId}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * Resolves a Markdown link of a page at `from` (its path, `guides/setup`) against the space's
 * page paths: relative (`../api/auth.md`, `./faq`) and space-absolute (`/guides`) links. Answers
 * the target page's path, or undefined for external and unknown targets.
 */
export function resolvePagePath(
  href: string,
  from: string,
  paths: ReadonlySet<string>,
): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return undefined;
  const clean = href.split('#')[0]?.split('?')[0] ?? '';
  // A page with sub-pages is also their folder: try its parent folder first, then itself.
  const bases = clean.startsWith('/') ? [[]] : [from.split('/').slice(0, -1), from.split('/')];
  for (const base of bases) {
    const parts = [...base];
    for (const part of clean.replace(/^\//, '').split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') parts.pop();
      else parts.push(part);
    }
    const path = parts
      .join('/')
      .replace(/\.md$/i, '')
      .replace(/\/?(readme|index)$/i, '');
    if (paths.has(path)) return path;
  }
  return undefined;
}

/**
 * The URLs of a page's content references (`Page.references`): a file's download URL, a page's
 * path as a space-absolute link (`/guides/setup`, which `resolvePagePath` then resolves).
 * References without a target are left out.
 */
export function referenceURLs(
  references:
    | ReadonlyArray<{ ref: string | null; kind: string | null; target?: string | null } | null>
    | null
    | undefined,
): ReadonlyMap<string, string> {
  return new Map(
    (references ?? []).flatMap((r) =>
      r?.ref && r.target ? [[r.ref, r.kind === 'page' ? `/${r.target}` : r.target] as const] : [],
    ),
  );
}
