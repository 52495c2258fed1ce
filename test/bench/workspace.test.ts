import { afterAll, describe, expect, it } from 'vitest';
import { type BenchWorkspace, startWorkspace } from '../../bench/workspace.ts';

/**
 * The benches find the workspace by the `/v1` URL the CLI prints: when that line changes, they
 * must fail to start rather than wait for ever.
 */
describe('bench workspace', () => {
  let workspace: BenchWorkspace | undefined;
  afterAll(() => workspace?.stop());

  it('starts the embedded workspace in its own process and finds its URL', async () => {
    workspace = await startWorkspace(1);
    expect(workspace.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${workspace.url}/v1/orgs`, {
      headers: { authorization: 'Bearer dg_demo_admin' },
    });
    expect(res.status).toBe(200);
  });

  it('gives up with the output when no URL is printed in time', async () => {
    await expect(startWorkspace(1, 1)).rejects.toThrow(/no \/v1 URL within 1 ms/);
  });
});
