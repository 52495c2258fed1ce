import type { ContentReference, TemplateApplication } from '../../../contract/common.ts';
import type { Workspace } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { revisionIndex } from './revisionIndex.ts';
import type { PageInput } from './revisionWrites.ts';

/** Built-in templates of `POST .../content/template`, by id. */
const TEMPLATES: Record<string, (refs: Record<string, string>) => PageInput[]> = {
  'api-reference': (refs) => [
    {
      title: 'API reference',
      emoji: '🔌',
      markdown: `# API reference\n\nEverything the HTTP API offers, endpoint by endpoint.\n\n${fileLines(refs)}- [Authentication](./authentication.md)\n- [Endpoints](./endpoints.md)\n- [Errors](./errors.md)\n`,
      children: [
        {
          title: 'Authentication',
          markdown:
            '# Authentication\n\nSend a bearer token in the `Authorization` header of every request.\n\n```http\nAuthorization: Bearer <token>\n```\n',
        },
        {
          title: 'Endpoints',
          markdown:
            '# Endpoints\n\n## List resources\n\n`GET /v1/resources` answers a paged list.\n\n## Create a resource\n\n`POST /v1/resources` answers `201` with the new resource.\n',
        },
        {
          title: 'Errors',
          markdown:
            '# Errors\n\nEvery error answers `{"error": {"code", "message"}}`.\n\n| Code | Meaning |\n| --- | --- |\n| 400 | invalid input |\n| 401 | missing token |\n| 404 | not found |\n',
        },
      ],
    },
  ],
  'how-to': (refs) => [
    {
      title: 'How-to guide',
      emoji: '🧭',
      markdown: `# How-to guide\n\nA short task, step by step.\n\n${fileLines(refs)}## Before you start\n\n- An account with the edit level.\n\n## Steps\n\n1. Open the space.\n2. Make the change.\n3. Ask for a review.\n\n## Result\n\nThe change is live once merged.\n`,
    },
  ],
  changelog: (refs) => [
    {
      title: 'Changelog',
      emoji: '📣',
      markdown: `# Changelog\n\nNotable changes, newest first.\n\n${fileLines(refs)}## Unreleased\n\n- Describe the change here.\n`,
    },
  ],
  faq: (refs) => [
    {
      title: 'FAQ',
      emoji: '❓',
      markdown: `# FAQ\n\n${fileLines(refs)}## Who can edit these pages?\n\nMembers with the edit level or above.\n\n## How do I propose a change?\n\nOpen a change request and ask for a review.\n`,
    },
  ],
};

function fileLines(refs: Record<string, string>): string {
  const lines = Object.entries(refs).map(([name, id]) => `![${name}](file:${id})\n`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/**
 * The pages a template adds, after checking its file references against `revisionId`
 * (400 for an unknown template or file).
 */
export function templatePages(
  ws: Workspace,
  revisionId: string,
  application: Omit<TemplateApplication, 'changeRequestId'>,
): PageInput[] {
  const make = TEMPLATES[application.id];
  if (!make) {
    throw badRequest(`id: unknown template (one of ${Object.keys(TEMPLATES).join(', ')})`);
  }
  const refs: Record<string, string> = {};
  const files = revisionIndex(ws, revisionId).files;
  for (const [name, ref] of Object.entries(application.params?.contentRefs ?? {}) as Array<
    [string, Extract<ContentReference, { kind: 'file' }>]
  >) {
    if (!files.some((f) => f.id === ref.file)) {
      throw badRequest(`params.contentRefs.${name}: no such file in the content`);
    }
    refs[name] = ref.file;
  }
  return make(refs);
}
