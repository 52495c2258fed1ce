import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Token, Tokens } from 'marked';
import { requirePackages } from '../../optional.ts';
import type { Workspace } from '../context.ts';
import { HttpError, notFound } from '../errors.ts';
import type { ChangeRequestRow } from './changeRequests.ts';
import { type PageRow, revisionIndex } from './content/revisionIndex.ts';
import { inlineText, markdownTokens } from './markdown.ts';
import { type Face, PDF_PACKAGES, PdfFonts } from './pdfFonts.ts';

/** The part of pdfkit's document API the export uses (pdfkit ships no types). */
interface PdfDocument {
  on(event: 'data', listener: (chunk: Buffer) => void): this;
  on(event: 'end', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  registerFont(name: string, src: Buffer, family?: string): this;
  font(name: string): this;
  fontSize(size: number): this;
  fillColor(color: string): this;
  text(text: string, options?: Record<string, unknown>): this;
  moveDown(lines?: number): this;
  addPage(): this;
  end(): void;
}
type PdfDocumentClass = new (options?: Record<string, unknown>) => PdfDocument;

// pdfkit and its fonts load with the first export, not with the server.
const require = createRequire(import.meta.url);
let PDFDocument: PdfDocumentClass | undefined;
const pdfDocument = (): PdfDocumentClass => {
  if (PDFDocument) return PDFDocument;
  // Optional peer dependencies: without them, an export answers 501 naming them.
  try {
    requirePackages('PDF export', PDF_PACKAGES);
  } catch (error) {
    throw new HttpError(501, (error as Error).message);
  }
  PDFDocument = require('pdfkit') as PdfDocumentClass;
  return PDFDocument;
};

/** Writes paragraphs, each in one face, switching fonts within it where a character needs. */
class Writer {
  constructor(
    readonly doc: PdfDocument,
    private readonly fonts: PdfFonts,
  ) {}

  /** Writes `text` as a paragraph; false (and nothing written) when no character is left. */
  text(face: Face, text: string, options: Record<string, unknown> = {}): boolean {
    const runs = this.fonts.runs(face, text.trim());
    runs.forEach((run, i) => {
      this.doc.font(run.font).text(run.text, { ...options, continued: i < runs.length - 1 });
    });
    return runs.length > 0;
  }
}

function renderTokens(out: Writer, tokens: readonly Token[], indent: number, face: Face): void {
  const { doc } = out;
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const t = token as Tokens.Heading;
        const size = t.depth === 1 ? 18 : t.depth === 2 ? 15 : 13;
        doc.moveDown(0.5).fontSize(size);
        out.text('bold', inlineText(t.tokens, t.text), { indent });
        doc.fontSize(11);
        break;
      }
      case 'list': {
        const t = token as Tokens.List;
        t.items.forEach((item, i) => {
          const marker = t.ordered ? `${(Number(t.start) || 1) + i}.` : '-';
          const [first, ...rest] = item.tokens;
          const firstText = first
            ? inlineText(
                (first as { tokens?: Token[] }).tokens,
                (first as { text?: string }).text ?? '',
              )
            : '';
          out.text(face, `${marker} ${firstText}`, { indent: indent + 12 });
          renderTokens(out, rest, indent + 24, face);
        });
        doc.moveDown(0.3);
        break;
      }
      case 'code': {
        const t = token as Tokens.Code;
        doc.fontSize(9);
        out.text('mono', t.text, { indent: indent + 12 });
        doc.fontSize(11).moveDown(0.5);
        break;
      }
      case 'blockquote':
        doc.fillColor('#555555');
        renderTokens(out, (token as Tokens.Blockquote).tokens, indent + 18, 'italic');
        doc.fillColor('#000000');
        break;
      case 'space':
      case 'hr':
        break;
      default: {
        const t = token as { tokens?: Token[]; text?: string };
        if (out.text(face, inlineText(t.tokens, t.text ?? token.raw), { indent })) {
          doc.moveDown(0.5);
        }
      }
    }
  }
}

/** Fonts of a PDF export (the Unicode font is always embedded). */
export interface PdfExportOptions {
  /** A TrueType or OpenType font (or collection) for Chinese, Japanese and Korean characters. */
  cjkFont?: string | undefined;
}

/**
 * Renders pages (title and Markdown each) as a PDF document, in DejaVu Sans embedded (subset to
 * the characters used): Latin with its extensions, Greek, Cyrillic and more; Chinese, Japanese
 * and Korean in the configured CJK font.
 */
export function renderPdf(
  title: string,
  pages: ReadonlyArray<{ title: string; markdown: string }>,
  createdAt: Date,
  options: PdfExportOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const Document = pdfDocument();
    const fonts = new PdfFonts(options.cjkFont);
    const heading = title.trim() || 'Change request';
    const doc = new Document({
      size: 'A4',
      margin: 56,
      info: { Title: heading, CreationDate: createdAt },
    });
    fonts.register(doc);
    const out = new Writer(doc, fonts);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22);
    out.text('bold', heading);
    doc.fontSize(11).moveDown();
    pages.forEach((page, i) => {
      if (i > 0) doc.addPage();
      doc.fontSize(20);
      out.text('bold', page.title);
      doc.fontSize(11).moveDown(0.5);
      const tokens = markdownTokens(page.markdown);
      // The page title usually opens the Markdown too: print it once.
      const [first] = tokens;
      const body =
        first?.type === 'heading' && (first as Tokens.Heading).depth === 1
          ? tokens.slice(1)
          : tokens;
      renderTokens(out, body, 0, 'body');
    });
    doc.end();
  });
}

/** Makes an unguessable export link for a change request's pages; returns its URL. */
export function createPdfExport(
  ws: Workspace,
  row: ChangeRequestRow,
  options: { page?: string | undefined; only: boolean },
): string {
  if (options.page !== undefined && !revisionIndex(ws, row.revision_id).paths.has(options.page)) {
    throw notFound('page');
  }
  const token = randomBytes(24).toString('base64url');
  ws.db
    .prepare(
      'INSERT INTO change_request_exports (token, change_request_id, revision_id, page_id, only, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(token, row.id, row.revision_id, options.page ?? null, options.only ? 1 : 0, ws.now());
  return `${ws.publicUrl}/exports/pdf/${token}.pdf`;
}

/**
 * The PDF behind an export token: every page of the request's revision in tree order, or one
 * page with (`only` false) or without (`only` true) its subpages.
 */
export async function exportPdf(ws: Workspace, token: string): Promise<Buffer | undefined> {
  const row = ws.db
    .prepare(
      `SELECT e.revision_id, e.page_id, e.only, cr.subject, cr.number
       FROM change_request_exports e JOIN change_requests cr ON cr.id = e.change_request_id
       WHERE e.token = ?`,
    )
    .get(token) as
    | { revision_id: string; page_id: string | null; only: number; subject: string; number: number }
    | undefined;
  if (!row) return undefined;
  const index = revisionIndex(ws, row.revision_id);
  const pages: PageRow[] = [];
  const visit = (parentId: string | null, depth: number) => {
    if (depth > 64) return;
    for (const page of index.children.get(parentId) ?? []) {
      if (page.type === 'link') continue;
      pages.push(page);
      visit(page.id, depth + 1);
    }
  };
  if (row.page_id) {
    const page = index.byId.get(row.page_id);
    if (page) {
      pages.push(page);
      if (!row.only) visit(page.id, 1);
    }
  } else visit(null, 0);
  const title = `Change request #${row.number}${row.subject ? `: ${row.subject}` : ''}`;
  return renderPdf(title, pages, ws.clock.now(), { cjkFont: ws.pdfCjkFont });
}
