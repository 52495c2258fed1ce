import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeRequestPdf } from '../../src/contract/changeRequests.ts';
import { importMarkdownFolder } from '../../src/workspace/import.ts';
import { letters, pdfText } from '../support/pdfText.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
const folders: string[] = [];
beforeAll(async () => {
  t = await createTestWorkspace();
});
afterAll(async () => {
  await t.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

interface Document {
  space: string;
  subject: string;
  pages: Record<string, string>;
}

/** Makes a space through `/v1`, imports its pages, opens a change request and exports it. */
async function exported(document: Document): Promise<{ pages: string[]; bytes: Buffer }> {
  const created = await t.request('POST', `/v1/orgs/${t.demo.organizationId}/spaces`, {
    body: { title: document.space },
  });
  expect(created.status).toBe(201);
  const spaceId = (created.body as { id: string }).id;
  const folder = mkdtempSync(join(tmpdir(), 'docs-graph-pdf-'));
  folders.push(folder);
  mkdirSync(folder, { recursive: true });
  for (const [file, markdown] of Object.entries(document.pages)) {
    writeFileSync(join(folder, file), markdown);
  }
  importMarkdownFolder(t.ws, folder, spaceId);
  const cr = await t.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
    body: { subject: document.subject },
  });
  expect(cr.status).toBe(201);
  const link = await t.request(
    'GET',
    `/v1/spaces/${spaceId}/change-requests/${(cr.body as { id: string }).id}/pdf`,
  );
  expect(link.status).toBe(200);
  const { url } = ChangeRequestPdf.parse(link.body);
  const pdf = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  expect(pdf.statusCode).toBe(200);
  return { pages: await pdfText(pdf.rawPayload), bytes: pdf.rawPayload };
}

/** Every piece of text a Markdown page shows (its markup removed), one per line. */
function shown(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^(#+|-|\d+\.|>)\s*/, '')
        .replace(/[*`]/g, '')
        .trim(),
    )
    .filter((line) => line !== '');
}

const GREEK: Document = {
  space: 'Τεκμηρίωση',
  subject: 'Μετάφραση του οδηγού εγκατάστασης',
  pages: {
    '01-eisagogi.md': `# Εισαγωγή

Καλώς ήρθατε στην τεκμηρίωση. Αυτός ο οδηγός εξηγεί πώς εγκαθιστάτε την υπηρεσία, ρυθμίζετε τους λογαριασμούς και δημοσιεύετε τις σελίδες σας.

## Απαιτήσεις

- Ένας λογαριασμός διαχειριστή
- Πρόσβαση στο δίκτυο (θύρα 4000)

> Σημείωση: οι αλλαγές εμφανίζονται μετά τη συγχώνευση.

\`\`\`
εντολή --βοήθεια
\`\`\`
`,
    '02-rythmiseis.md': `# Ρυθμίσεις

Ορίστε τη γλώσσα σε «ελληνικά» και αποθηκεύστε. Ψ, Ω, ΐ, ΰ και τελικό σίγμα ς εμφανίζονται σωστά.
`,
  },
};

const POLISH: Document = {
  space: 'Dokumentacja',
  subject: 'Poprawki w przewodniku: źródła, łącza i żółte ostrzeżenia',
  pages: {
    '01-wstep.md': `# Wstęp

Zażółć gęślą jaźń. Ten przewodnik opisuje, jak skonfigurować źródło danych i włączyć łącze zwrotne.

1. Otwórz ustawienia przestrzeni
2. Wybierz „Język” i zaznacz „polski”

ZAŻÓŁĆ GĘŚLĄ JAŹŃ — wielkie litery też są widoczne.
`,
  },
};

describe('PDF export of a change request', () => {
  it.each([
    ['Greek', GREEK],
    ['Polish', POLISH],
  ])('reads back in full in %s', async (_language, document) => {
    const { pages } = await exported(document);
    const all = letters(pages.join('\n'));
    expect(all).toContain(letters(`Change request #1: ${document.subject}`));
    const expected = Object.values(document.pages).flatMap(shown);
    expect(expected.length).toBeGreaterThan(2);
    const missing = expected.filter((line) => !all.includes(letters(line)));
    expect(missing).toEqual([]);
    // One page of the PDF per page of the request, after the title.
    expect(pages.length).toBe(Object.keys(document.pages).length);
  });

  it('embeds the Unicode font, subset to the characters used', async () => {
    const { bytes } = await exported({
      space: 'Кириллица',
      subject: 'Проверка',
      pages: { 'a.md': '# Привет\n\nТекст на русском языке.\n' },
    });
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(bytes.length).toBeLessThan(100_000);
  });
});
