import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The faces the PDF export writes with, and their DejaVu files (`dejavu-fonts-ttf`). */
const FACES = {
  body: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;

/** A face of the export's text. */
export type Face = keyof typeof FACES;

/** The optional packages the PDF export needs: pdfkit writes, fontkit reads font coverage. */
export const PDF_PACKAGES = ['pdfkit', 'fontkit', 'dejavu-fonts-ttf'] as const;

/** The part of fontkit's font API used here (fontkit ships no types). */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  postscriptName: string;
}

/** A font file: its bytes for pdfkit, the font of a collection it means, what it draws. */
interface LoadedFont {
  bytes: Buffer;
  /** PostScript name of the font used, when the file is a collection (`.ttc`). */
  family: string | undefined;
  has(codePoint: number): boolean;
}

const loaded = new Map<string, LoadedFont>();

function load(path: string): LoadedFont {
  const known = loaded.get(path);
  if (known) return known;
  const bytes = readFileSync(path);
  const { create } = require('fontkit') as {
    create(bytes: Buffer): FontkitFont | { fonts: FontkitFont[] };
  };
  const opened = create(bytes);
  // A collection (Noto Sans CJK ships as one) is used by its first font.
  const font = 'fonts' in opened ? opened.fonts[0] : opened;
  if (!font) throw new Error(`${path}: a font collection without fonts`);
  const coverage = new Map<number, boolean>();
  const entry: LoadedFont = {
    bytes,
    family: 'fonts' in opened ? font.postscriptName : undefined,
    has(codePoint) {
      let value = coverage.get(codePoint);
      if (value === undefined) {
        value = font.hasGlyphForCodePoint(codePoint);
        coverage.set(codePoint, value);
      }
      return value;
    },
  };
  loaded.set(path, entry);
  return entry;
}

/** A piece of text written in one font: a face, or the CJK font. */
export interface Run {
  font: Face | 'cjk';
  text: string;
}

/**
 * The fonts of one export: DejaVu Sans (Latin with its extensions, Greek, Cyrillic and more) in
 * its faces, and the configured CJK font for what DejaVu does not draw.
 */
export class PdfFonts {
  private readonly faces: Record<Face, LoadedFont>;
  private readonly cjk: LoadedFont | undefined;

  constructor(cjkFontPath?: string) {
    this.faces = Object.fromEntries(
      Object.entries(FACES).map(([face, file]) => [
        face,
        load(join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', file)),
      ]),
    ) as Record<Face, LoadedFont>;
    this.cjk = cjkFontPath ? load(cjkFontPath) : undefined;
  }

  /** Registers the fonts with a pdfkit document under the names `Run.font` uses. */
  register(doc: { registerFont(name: string, src: Buffer, family?: string): unknown }): void {
    for (const [face, font] of Object.entries(this.faces)) doc.registerFont(face, font.bytes);
    if (this.cjk) doc.registerFont('cjk', this.cjk.bytes, this.cjk.family);
  }

  /**
   * `text` split where the font must change: each character in `face`, else in the body face,
   * else in the CJK font. A character no font draws is left out, rather than shown as a box.
   */
  runs(face: Face, text: string): Run[] {
    const runs: Run[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 0;
      const font = this.fontFor(face, codePoint);
      if (!font) continue;
      const last = runs.at(-1);
      if (last?.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  private fontFor(face: Face, codePoint: number): Run['font'] | undefined {
    // Line breaks and tabs are layout, not glyphs: they stay with the text around them.
    if (codePoint === 0x0a || codePoint === 0x09 || codePoint === 0x20) return face;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) return undefined;
    if (this.faces[face].has(codePoint)) return face;
    if (this.faces.body.has(codePoint)) return 'body';
    if (this.cjk?.has(codePoint)) return 'cjk';
    return undefined;
  }
}
