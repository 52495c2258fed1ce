import type { Document } from '../../contract/common.ts';
import {
  addContributor,
  insertChangeRequest,
  mergeChangeRequest,
} from '../store/changeRequests.ts';
import { insertPageTree, type PageInput } from '../store/content.ts';
import { getSpaceRow } from '../store/spaces.ts';
import type { DemoContext } from './context.ts';

const WORDS = [
  'workspace',
  'project',
  'token',
  'request',
  'response',
  'cluster',
  'deploy',
  'release',
  'team',
  'member',
  'setting',
  'value',
  'option',
  'endpoint',
  'client',
  'server',
  'cache',
  'index',
  'query',
  'record',
  'version',
  'update',
  'change',
  'review',
  'policy',
  'limit',
  'header',
  'payload',
  'event',
  'webhook',
  'build',
  'pipeline',
  'region',
  'storage',
  'backup',
  'secret',
  'account',
  'role',
  'schema',
  'field',
  'filter',
  'page',
  'space',
  'draft',
  'template',
];
const VERBS = [
  'configure',
  'check',
  'create',
  'update',
  'remove',
  'review',
  'enable',
  'disable',
  'rotate',
  'inspect',
  'export',
  'import',
  'publish',
  'validate',
  'restart',
  'monitor',
];
const CONNECTORS = ['before you', 'so that you can', 'when you need to', 'after you', 'then'];

/** A small deterministic generator (no Math.random: the demo is the same everywhere). */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const sentence = (topic: string) => {
    const words = [
      pick(VERBS),
      'the',
      topic,
      pick(WORDS),
      pick(CONNECTORS),
      pick(VERBS),
      'each',
      pick(WORDS),
      'and',
      pick(WORDS),
    ];
    const text = words.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = (topic: string, n = 3) =>
    Array.from({ length: n }, () => sentence(topic)).join(' ');
  return { next, pick, sentence, paragraph };
}

type Gen = ReturnType<typeof generator>;

function body(gen: Gen, topic: string, sections: string[], links: string[]): string {
  const parts = [gen.paragraph(topic, 2)];
  sections.forEach((heading, i) => {
    parts.push(`## ${heading}`);
    parts.push(gen.paragraph(topic, 2 + (i % 2)));
    if (i === 0) {
      parts.push([1, 2, 3].map((n) => `${n}. ${gen.sentence(topic)}`).join('\n'));
    }
    if (i === 1) {
      parts.push(
        `\`\`\`bash\ndocs-graph ${topic.replace(/\s+/g, '-')} --${gen.pick(WORDS)}\n\`\`\``,
      );
    }
  });
  if (links.length) {
    parts.push('## See also');
    parts.push(links.map((l) => `- ${l}`).join('\n'));
  }
  return parts.join('\n\n');
}

/** The page tree of one demo space (ten pages; links between them, some broken on purpose). */
function spaceTree(
  gen: Gen,
  spaceTitle: string,
  spaceIndex: number,
  appUrl: string,
  files: { logo: string; diagram: string; guide: string },
): PageInput[] {
  const topic = spaceTitle.toLowerCase().replace(/\s*\d+$/, '');
  const broken = spaceIndex % 3 === 0;
  const page = (
    title: string,
    sections: string[],
    links: string[] = [],
    extra = '',
  ): PageInput => ({
    title,
    markdown: `# ${title}\n\n${extra}${body(gen, `${topic} ${title.toLowerCase()}`, sections, links)}\n`,
  });
  return [
    page(
      'Overview',
      ['What it is', 'Who it is for'],
      [
        '[Installation](getting-started/installation.md)',
        '[Quickstart](/getting-started/quickstart)',
        '[FAQ](faq.md)',
        '[Status page](https://status.example.com)',
      ],
      `![Logo](file:${files.logo})\n\n${spaceTitle} in one page. Download the [printable guide](file:${files.guide}).\n\n`,
    ),
    {
      ...page(
        'Getting started',
        ['Before you begin', 'Next steps'],
        ['[Installation](./installation.md)', '[Quickstart](./quickstart.md)'],
      ),
      children: [
        page(
          'Installation',
          ['Requirements', 'Install the client', 'Verify'],
          [
            '[Quickstart](quickstart.md)',
            '[Configuration](../guides/configuration.md)',
            broken
              ? '[Upgrade notes](../guides/upgrade-notes.md)'
              : '[Troubleshooting](../guides/troubleshooting.md)',
          ],
        ),
        page(
          'Quickstart',
          ['Create a project', 'Invite your team'],
          [
            '[Authentication](/api/authentication)',
            `[Open in the app](${appUrl}/getting-started/installation)`,
          ],
        ),
      ],
    },
    {
      ...page(
        'Guides',
        ['Choosing a guide'],
        ['[Configuration](./configuration.md)', '[Troubleshooting](./troubleshooting.md)'],
      ),
      children: [
        page(
          'Configuration',
          ['Configuration file', 'Environment variables', 'Limits'],
          ['[Installation](../getting-started/installation.md)'],
          `![Architecture diagram](file:${files.diagram})\n\n`,
        ),
        page(
          'Troubleshooting',
          ['Common errors', 'Getting help'],
          [
            '[FAQ](/faq)',
            broken ? '[Legacy setup](page:legacy-setup-removed)' : '[Overview](/overview)',
            '[Support](mailto:support@acme.test)',
          ],
        ),
      ],
    },
    {
      ...page('API', ['Base URL', 'Versioning'], ['[Authentication](./authentication.md)']),
      children: [
        page(
          'Authentication',
          ['Tokens', 'Rotating a token'],
          [
            '[Endpoints](endpoints.md)',
            '[Errors](https://developer.mozilla.org/en-US/docs/Web/HTTP/Status)',
          ],
        ),
        page(
          'Endpoints',
          ['List', 'Create', 'Delete'],
          [
            '[Authentication](authentication.md)',
            spaceIndex % 5 === 1
              ? '[Rate limits](../reference/rate-limits.md)'
              : '[Guides](/guides)',
          ],
        ),
      ],
    },
    page(
      'FAQ',
      ['Who can edit pages?', 'How do I report a problem?', 'Where is the changelog?'],
      ['[Overview](overview.md)', '[Troubleshooting](guides/troubleshooting.md)'],
    ),
  ];
}

// 1x1 transparent PNG, a small SVG and a one-page PDF: the demo's files.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#36c"/><text x="10" y="35" fill="#fff">diagram</text></svg>',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function description(text: string): Document {
  return {
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        key: 'd1',
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text }] }],
      },
    ],
  };
}

const CR_SUBJECTS = [
  'Clarify the installation steps',
  'Document the new rate limits',
  'Rewrite the quickstart',
  'Add troubleshooting for proxies',
  'Fix typos in the FAQ',
  'Describe token rotation',
];

/**
 * Demo content: a page tree with files and internal links in every space, and change requests in
 * every status (draft, open, archived, merged) in the first spaces. The search index is built
 * on the first search of each space's revision.
 */
export function seedContent(demo: DemoContext): void {
  const { ws, users } = demo;
  const insertFile = ws.db.prepare(
    'INSERT INTO files (revision_id, id, name, content_type, size, width, height, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const editPage = ws.db.prepare(
    'UPDATE pages SET markdown = markdown || ?, updated_at = ? WHERE revision_id = ? AND slug = ?',
  );
  const spaces = demo.spaceIds.map((id) => getSpaceRow(ws, id)).filter((row) => row !== undefined);
  spaces.forEach((space, s) => {
    const gen = generator(1000 + s);
    const files = { logo: ws.ids.next(), diagram: ws.ids.next(), guide: ws.ids.next() };
    insertFile.run(space.revision_id, files.logo, 'logo.png', 'image/png', PNG.length, 1, 1, PNG);
    insertFile.run(
      space.revision_id,
      files.diagram,
      'diagram.svg',
      'image/svg+xml',
      SVG.length,
      120,
      60,
      SVG,
    );
    insertFile.run(
      space.revision_id,
      files.guide,
      'guide.pdf',
      'application/pdf',
      PDF.length,
      null,
      null,
      PDF,
    );
    const appUrl = `${ws.publicUrl}/app/s/${space.id}`;
    insertPageTree(ws, space.revision_id, spaceTree(gen, space.title, s, appUrl, files));
  });

  // Change requests: the first spaces (not locked) get one in each status.
  const statuses = ['open', 'draft', 'archived', 'merged'] as const;
  const editable = spaces.filter((s) => s.edit_mode !== 'locked').slice(0, 8 * demo.scale);
  const base = ws.clock.now().getTime();
  let k = 0;
  editable.forEach((space, s) => {
    const count = s < 4 ? 4 : 2;
    for (let c = 0; c < count; c++) {
      const status = statuses[(s + c) % statuses.length] ?? 'open';
      const current = getSpaceRow(ws, space.id) ?? space;
      const subject = CR_SUBJECTS[(s + c) % CR_SUBJECTS.length] ?? 'Edits';
      const row = insertChangeRequest(ws, current, {
        subject,
        createdBy: c % 2 === 0 ? users.edit : users.review,
        status: status === 'merged' ? 'open' : status,
        description: description(`${subject}: proposed edits for ${space.title}.`),
        requestedReviewers: c % 2 === 0 ? [users.review] : [],
      });
      if (c % 3 === 1) addContributor(ws, row.id, users.admin);
      const at = new Date(base - (++k * 37 + s) * 60_000).toISOString();
      const slug = ['installation', 'faq', 'quickstart', 'troubleshooting'][c % 4] ?? 'faq';
      editPage.run(
        `\n## ${subject}\n\nProposed in change request #${row.number}.\n`,
        at,
        row.revision_id,
        slug,
      );
      insertPageTree(ws, row.revision_id, [
        {
          title: `${subject} notes`,
          markdown: `# ${subject} notes\n\nBackground for the change. See [the FAQ](/faq).\n`,
        },
      ]);
      if (status === 'merged') mergeChangeRequest(ws, current, row, users.review);
      ws.db
        .prepare('UPDATE change_requests SET created_at = ?, updated_at = ? WHERE id = ?')
        .run(at, at, row.id);
    }
  });
}
