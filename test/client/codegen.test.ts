import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it, vi } from 'vitest';
import config, { finishFile } from '../../codegen.ts';

const root = resolve(import.meta.dirname, '../..');

describe('codegen', () => {
  it('src/client/generated is what `npm run codegen` makes from the schema and the operations', async () => {
    // In memory (no file is written); the write hook (Biome) is applied as the CLI would.
    const warn = vi.spyOn(console, 'warn');
    const outputs: Array<{ filename: string; content: string }> = await generate(
      { ...config, cwd: root, silent: true },
      false,
    ).finally(() => warn.mockRestore());
    // Subscription documents are in the input; no plugin warns about them.
    expect(warn.mock.calls).toEqual([]);
    expect(outputs.map((o) => o.filename)).toEqual(['src/client/generated/hooks.ts']);
    for (const output of outputs) {
      const expected = finishFile(output.filename, output.content);
      const committed = await readFile(resolve(root, output.filename), 'utf8').catch(() => '');
      if (committed !== expected) {
        expect.fail(`${output.filename} is stale: run \`npm run codegen\` and commit the result`);
      }
    }
  });

  it('covers the operations a docs frontend needs', async () => {
    const hooks = await import('../../src/client/index.ts');
    const names = Object.keys(hooks).filter((k) => /^use\w+(Query|Mutation)$/.test(k));
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const name of [
      'useOrganizationDashboardQuery',
      'useSpaceWithPagesQuery',
      'usePageContentQuery',
      'useChangeRequestsQuery',
      'useChangeRequestDetailQuery',
      'useMergeChangeRequestMutation',
      'usePostCommentReplyMutation',
      'useResolveCommentMutation',
      'useSiteStructureQuery',
      'usePublishSiteMutation',
      'useRunTranslationMutation',
      'useSearchQuery',
      'useOrganizationSpacesQuery',
    ]) {
      expect(names, name).toContain(name);
    }
  });
});
