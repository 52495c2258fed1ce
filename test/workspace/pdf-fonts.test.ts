import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { renderPdf } from '../../src/workspace/store/pdf.ts';
import { PdfFonts } from '../../src/workspace/store/pdfFonts.ts';
import { letters, pdfText } from '../support/pdfText.ts';

// A CJK font is tens of megabytes. The second font is chosen per character, whatever its
// script: DejaVu's math font stands in, drawing mathematical letters (𝐀, 𝐁) DejaVu Sans lacks.
const dejavu = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
const SECOND_FONT = join(dejavu, 'ttf', 'DejaVuMathTeXGyre.ttf');

describe('the fonts of the PDF export', () => {
  it('keeps a paragraph in its face, switching only where a character needs the second font', () => {
    const fonts = new PdfFonts(SECOND_FONT);
    expect(fonts.runs('body', 'Αβγ 𝐀𝐁 Żółw')).toEqual([
      { font: 'body', text: 'Αβγ ' },
      { font: 'cjk', text: '𝐀𝐁' },
      { font: 'body', text: ' Żółw' },
    ]);
    // The mono face lacks some letters the body face has (Coptic Ϣ): those fall back to it.
    expect(fonts.runs('mono', 'x Ϣ y')).toEqual([
      { font: 'mono', text: 'x ' },
      { font: 'body', text: 'Ϣ' },
      { font: 'mono', text: ' y' },
    ]);
  });

  it('leaves out what no font draws, and control characters', () => {
    const fonts = new PdfFonts();
    expect(fonts.runs('body', 'a𝐀b日\u0007c')).toEqual([{ font: 'body', text: 'abc' }]);
    expect(new PdfFonts(SECOND_FONT).runs('body', '日本')).toEqual([]);
  });

  it('embeds the second font only when configured, and its characters read back', async () => {
    const pages = [{ title: 'Δοκιμή', markdown: '# Δοκιμή\n\nVector 𝐀𝐁 in Ελληνικά.\n' }];
    const at = new Date('2026-11-01T10:00:00Z');
    const without = await renderPdf('Τίτλος', pages, at);
    const withFont = await renderPdf('Τίτλος', pages, at, { cjkFont: SECOND_FONT });
    expect(without.toString('latin1')).not.toMatch(/\+DejaVuMathTeXGyre/);
    expect(withFont.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuMathTeXGyre/);
    const plain = letters((await pdfText(without)).join(''));
    const full = letters((await pdfText(withFont)).join(''));
    expect(plain).toContain('VectorinΕλληνικά.');
    expect(full).toContain('Vector𝐀𝐁inΕλληνικά.');
  });

  it('--pdf-cjk-font takes an existing file, and refuses anything else', () => {
    const config = loadConfig({ env: {}, flags: { 'pdf-cjk-font': SECOND_FONT } });
    expect(config.workspace.pdfCjkFont).toBe(SECOND_FONT);
    expect(loadConfig({ env: {} }).workspace.pdfCjkFont).toBeUndefined();
    expect(() => loadConfig({ env: { DOCS_GRAPH_PDF_CJK_FONT: '/no/such/font.ttf' } })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ env: {}, flags: { 'pdf-cjk-font': dejavu } })).toThrow(
      /TrueType or OpenType font file/,
    );
  });
});
