import type { Document } from '../../contract/common.ts';
import { mergeChangeRequest } from '../store/changeRequestRevisions.ts';
import { addContributor, insertChangeRequest } from '../store/changeRequests.ts';
import { insertPageTree, type PageInput } from '../store/content/revisionWrites.ts';
import { getSpaceRow } from '../store/spaces.ts';
import type { DemoContext } from './context.ts';

/** What each demo page says first, by title (`{space}` is the space's title). */
const INTROS: Record<string, string> = {
  Overview:
    'These pages document {space} for the Acme API: what it does, how to install it, how to authenticate, and the reference for every endpoint it calls.',
  'Getting started':
    'Go from nothing to a first successful API call in about ten minutes. You need an Acme account and a terminal.',
  Installation:
    'Install {space} on your machine or in your CI image, then check that it can reach the API.',
  Quickstart:
    'Make your first authenticated request, create a project and invite the people who will work on it with you.',
  Guides: 'Task-oriented guides for the things teams do every week with {space}.',
  Configuration:
    'Every setting can come from a configuration file or an environment variable; environment variables win.',
  Troubleshooting: 'The errors people meet most often, what they mean and how to get past them.',
  API: 'The Acme API is a JSON REST API over HTTPS. Every request is authenticated with a bearer token.',
  Authentication:
    'Requests carry an API token in the `Authorization` header. Tokens belong to a user or to a service account and inherit its permissions.',
  Endpoints: 'The endpoints of the projects resource. Every list is paginated with cursors.',
  FAQ: 'Short answers to the questions the support team hears most.',
};

/** The text under each section heading of the demo pages. */
const SECTIONS: Record<string, string> = {
  'What it is':
    '{space} wraps the Acme API in a small, typed interface: retries, pagination and errors are handled for you, so your code reads like the task it performs.',
  'Who it is for':
    'Developers who integrate Acme into their own product, and operators who automate projects, members and billing from scripts.',
  'Before you begin':
    'You need:\n\n- an Acme account with the **create** role or higher,\n- an API token (see Authentication),\n- Node.js 20 or Python 3.10 on your machine.',
  'Next steps':
    'Once the quickstart works, read the configuration guide to move your token out of the code and into the environment.',
  Requirements:
    '| platform | minimum |\n|---|---|\n| Linux, macOS | any supported release |\n| Windows | 10 or newer |\n| network | outbound HTTPS to `api.acme.test` |',
  'Install the client':
    'Install the client with your package manager:\n\n```bash\nnpm install @acme/client\n# or\npip install acme-client\n```',
  Verify:
    'Check the installation and the connection in one command:\n\n```bash\nacme whoami\n```\n\nIt prints your user name and the organization your token belongs to.',
  'Create a project':
    '1. Open **Projects** and choose **New project**.\n2. Give it a name; the slug is derived from it.\n3. Copy the project ID shown on its settings page: API calls name projects by ID.',
  'Invite your team':
    'Invite people by email from **Members**. Each member gets a role: `read`, `comment`, `edit`, `review`, `create` or `admin`.',
  'Choosing a guide':
    'Start with configuration if you deploy {space} to servers; start with troubleshooting if something already fails.',
  'Configuration file':
    'Settings live in `acme.config.json` at the root of your project:\n\n```json\n{ "baseUrl": "https://api.acme.test/v2", "timeoutMs": 10000, "retries": 2 }\n```',
  'Environment variables':
    '| variable | meaning |\n|---|---|\n| `ACME_TOKEN` | the API token |\n| `ACME_BASE_URL` | another API host, for staging |\n| `ACME_TIMEOUT_MS` | request timeout in milliseconds |',
  Limits:
    'The API allows 600 requests per minute per token. Responses carry `RateLimit-Remaining`; the client waits and retries when a `429` arrives.',
  'Common errors':
    '- `401 Unauthorized`: the token is missing, expired or revoked.\n- `403 Forbidden`: the token is valid but its role does not allow the call.\n- `409 Conflict`: someone changed the object since you read it; read it again and retry.',
  'Getting help':
    'Search these docs first. If the answer is not here, open a ticket from the dashboard with the request ID of the failing call (`X-Request-Id`).',
  'Base URL':
    'All endpoints live under `https://api.acme.test/v2`. Requests and responses are JSON encoded in UTF-8.',
  Versioning:
    'The version is part of the URL. Additive changes (new fields, new endpoints) ship without a new version; breaking changes get one, announced six months ahead.',
  Tokens:
    'Create a token under **Settings > API tokens** and send it with every request:\n\n```bash\ncurl https://api.acme.test/v2/projects -H "Authorization: Bearer $ACME_TOKEN"\n```',
  'Rotating a token':
    'Create the new token, deploy it, then revoke the old one. Both work during the overlap, so nothing fails while you roll out.',
  List: '`GET /projects` returns the projects you can see, 50 per page. Pass the `next` cursor of a page to get the following one.',
  Create:
    '`POST /projects` with a `name` creates a project and answers `201` with the new object, including its `id`.',
  Delete:
    '`DELETE /projects/{id}` removes a project and everything in it. It answers `204`; deleted projects can be restored for 30 days.',
  'Who can edit pages?':
    'Members with the **edit** role or higher. Everyone else can propose changes through a change request.',
  'How do I report a problem?':
    'Use **Feedback** at the bottom of any page, or comment on the page inside a change request.',
  'Where is the changelog?':
    'Under **Releases** in the dashboard; every entry links to the pages it changed.',
};

const fill = (text: string, space: string) => text.replaceAll('{space}', space);

function body(space: string, title: string, sections: string[], links: string[]): string {
  const parts = [fill(INTROS[title] ?? `About ${title.toLowerCase()} in {space}.`, space)];
  for (const heading of sections) {
    parts.push(`## ${heading}`);
    parts.push(fill(SECTIONS[heading] ?? '', space));
  }
  if (links.length) {
    parts.push('## See also');
    parts.push(links.map((l) => `- ${l}`).join('\n'));
  }
  return parts.join('\n\n');
}

/**
 * The page tree of one demo space: ten pages (links between them, some broken on purpose) and a
 * link page to the status page.
 */
function spaceTree(
  spaceTitle: string,
  spaceIndex: number,
  appUrl: string,
  files: { logo: string; diagram: string; guide: string },
): PageInput[] {
  const broken = spaceIndex % 3 === 0;
  const page = (
    title: string,
    sections: string[],
    links: string[] = [],
    extra = '',
  ): PageInput => ({
    title,
    markdown: `# ${title}\n\n${extra}${body(spaceTitle, title, sections, links)}\n`,
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
      `![Logo](file:${files.logo})\n\n${spaceTitle} in one page. Download the [printable guide](file:${files.guide}); the [API reference](openapi:acme-api) is an OpenAPI spec.\n\n`,
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
    // A link page: an entry of the navigation that points outside the space.
    {
      title: 'Status page',
      markdown: '',
      emoji: '🟢',
      target: { kind: 'url', url: 'https://status.example.com' },
    },
  ];
}

// The demo's files: a logo and a diagram (SVG) and a one-page PDF.
const LOGO = Buffer.from(
  [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56" viewBox="0 0 200 56">',
    '<rect width="200" height="56" rx="12" fill="#3451b2"/>',
    '<rect x="14" y="12" width="26" height="32" rx="4" fill="#fff"/>',
    '<path d="M20 21h14M20 28h14M20 35h9" stroke="#3451b2" stroke-width="3" stroke-linecap="round"/>',
    '<text x="52" y="36" fill="#fff" font-family="system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif" font-size="22" font-weight="600">Acme Docs</text>',
    '</svg>',
  ].join(''),
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
    const files = { logo: ws.ids.next(), diagram: ws.ids.next(), guide: ws.ids.next() };
    insertFile.run(
      space.revision_id,
      files.logo,
      'logo.svg',
      'image/svg+xml',
      LOGO.length,
      200,
      56,
      LOGO,
    );
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
    insertPageTree(ws, space.revision_id, spaceTree(space.title, s, appUrl, files));
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
