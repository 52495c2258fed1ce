import { marked, type Token, type Tokens } from 'marked';
import type { Document } from '../../contract/common.ts';

type Block = {
  object: 'block';
  type: string;
  key: string;
  nodes: Array<Block | TextNode>;
  isVoid?: boolean;
  data?: Record<string, unknown>;
};
type TextNode = { object: 'text'; leaves: Array<{ object: 'leaf'; text: string }> };

/** Lowercase, ASCII letters and digits joined by `-` (page slugs, heading anchors). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 100) || 'page';
}

function lex(markdown: string): Token[] {
  try {
    return marked.lexer(markdown, { gfm: true });
  } catch {
    return [{ type: 'paragraph', raw: markdown, text: markdown, tokens: [] } as Tokens.Paragraph];
  }
}

/** The plain text of inline tokens (marks and link targets dropped). */
export function inlineText(tokens: readonly Token[] | undefined, fallback = ''): string {
  if (!tokens || tokens.length === 0) return fallback;
  let text = '';
  for (const token of tokens) {
    const children = (token as { tokens?: Token[] }).tokens;
    if (children && children.length > 0) text += inlineText(children);
    else if (token.type === 'br') text += '\n';
    else text += (token as { text?: string }).text ?? '';
  }
  return text;
}

function text(value: string): TextNode {
  return { object: 'text', leaves: [{ object: 'leaf', text: value }] };
}

/**
 * Converts Markdown to a Document: headings (`heading-1`..`heading-3`), paragraphs, lists,
 * code blocks, blockquotes, dividers; tables and HTML become paragraphs of their text.
 */
export function markdownToDocument(markdown: string): Document {
  let counter = 0;
  const key = () => `b${++counter}`;
  const convert = (tokens: readonly Token[]): Block[] => {
    const blocks: Block[] = [];
    for (const token of tokens) {
      switch (token.type) {
        case 'heading': {
          const t = token as Tokens.Heading;
          const depth = Math.min(3, Math.max(1, t.depth));
          blocks.push({
            object: 'block',
            type: `heading-${depth}`,
            key: key(),
            nodes: [text(inlineText(t.tokens, t.text))],
          });
          break;
        }
        case 'paragraph':
        case 'text': {
          const t = token as Tokens.Paragraph;
          blocks.push({
            object: 'block',
            type: 'paragraph',
            key: key(),
            nodes: [text(inlineText(t.tokens, t.text))],
          });
          break;
        }
        case 'list': {
          const t = token as Tokens.List;
          blocks.push({
            object: 'block',
            type: 'list',
            key: key(),
            data: { ordered: t.ordered },
            nodes: t.items.map((item) => ({
              object: 'block' as const,
              type: 'list-item',
              key: key(),
              nodes: convert(item.tokens),
            })),
          });
          break;
        }
        case 'code': {
          const t = token as Tokens.Code;
          blocks.push({
            object: 'block',
            type: 'code',
            key: key(),
            data: t.lang ? { syntax: t.lang } : {},
            nodes: t.text.split('\n').map((line) => ({
              object: 'block' as const,
              type: 'code-line',
              key: key(),
              nodes: [text(line)],
            })),
          });
          break;
        }
        case 'blockquote': {
          const t = token as Tokens.Blockquote;
          blocks.push({
            object: 'block',
            type: 'blockquote',
            key: key(),
            nodes: convert(t.tokens),
          });
          break;
        }
        case 'hr':
          blocks.push({ object: 'block', type: 'divider', key: key(), nodes: [], isVoid: true });
          break;
        case 'space':
          break;
        default: {
          const raw = (token as { text?: string }).text ?? token.raw;
          if (raw.trim()) {
            blocks.push({
              object: 'block',
              type: 'paragraph',
              key: key(),
              nodes: [text(raw.trim())],
            });
          }
        }
      }
    }
    return blocks;
  };
  return { object: 'document', data: { schemaVersion: 1 }, nodes: convert(lex(markdown)) };
}

/** A link or image written in Markdown. */
export interface MarkdownLink {
  href: string;
  image: boolean;
}

/** Every link and image target of a Markdown text, in order. */
export function extractLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  const walk = (tokens: readonly Token[] | undefined) => {
    if (!tokens) return;
    for (const token of tokens) {
      if (token.type === 'link') links.push({ href: (token as Tokens.Link).href, image: false });
      else if (token.type === 'image') {
        links.push({ href: (token as Tokens.Image).href, image: true });
      }
      const t = token as { tokens?: Token[]; items?: Tokens.ListItem[]; rows?: unknown };
      walk(t.tokens);
      if (t.items) for (const item of t.items) walk(item.tokens);
      if (token.type === 'table') {
        const table = token as Tokens.Table;
        for (const cell of table.header) walk(cell.tokens);
        for (const row of table.rows) for (const cell of row) walk(cell.tokens);
      }
    }
  };
  walk(lex(markdown));
  return links;
}

/** A Markdown heading and the text of its section. */
export interface MarkdownSection {
  title: string;
  anchor: string;
  depth: number;
  body: string;
}

/** The sections of a Markdown text (the text before the first heading is left out). */
export function markdownSections(markdown: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  const anchors = new Map<string, number>();
  let current: MarkdownSection | undefined;
  for (const token of lex(markdown)) {
    if (token.type === 'heading') {
      const t = token as Tokens.Heading;
      const title = inlineText(t.tokens, t.text).trim();
      let anchor = slugify(title);
      const seen = anchors.get(anchor) ?? 0;
      anchors.set(anchor, seen + 1);
      if (seen > 0) anchor = `${anchor}-${seen}`;
      current = { title, anchor, depth: t.depth, body: '' };
      sections.push(current);
    } else if (current) {
      current.body += `${plainText([token])} `;
    }
  }
  for (const section of sections) section.body = section.body.replace(/\s+/g, ' ').trim();
  return sections;
}

/** The plain text of block tokens. */
function plainText(tokens: readonly Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === 'list') {
      for (const item of (token as Tokens.List).items) parts.push(plainText(item.tokens));
    } else if (token.type === 'code') parts.push((token as Tokens.Code).text);
    else if (token.type === 'blockquote')
      parts.push(plainText((token as Tokens.Blockquote).tokens));
    else if (token.type === 'space' || token.type === 'hr') continue;
    else {
      const t = token as { tokens?: Token[]; text?: string };
      parts.push(inlineText(t.tokens, t.text ?? ''));
    }
  }
  return parts.join(' ');
}

/** The plain text of a Markdown text. */
export function markdownText(markdown: string): string {
  return plainText(lex(markdown)).replace(/\s+/g, ' ').trim();
}

/** The text of the first level-1 heading, if any. */
export function firstHeading(markdown: string): string | undefined {
  for (const token of lex(markdown)) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 1) {
      const t = token as Tokens.Heading;
      const title = inlineText(t.tokens, t.text).trim();
      if (title) return title;
    }
  }
  return undefined;
}

/** Block tokens of a Markdown text (for renderers such as the PDF export). */
export function markdownTokens(markdown: string): Token[] {
  return lex(markdown);
}
