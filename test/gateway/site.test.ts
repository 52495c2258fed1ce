import { describe, expect, it } from 'vitest';
import { globalId } from '../../src/gateway/ids.ts';
import { listPage, restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';

const space = (id: string) => restSpace(id, { visibility: 'public' });
const siteSpace = (id: string, spaceId: string, section: string) => ({
  object: 'site-space',
  id,
  path: id,
  section,
  space: space(spaceId),
  title: `Space ${spaceId}`,
});
const section = (id: string, spaces: Array<[string, string]>) => ({
  object: 'site-section',
  id,
  title: `Section ${id}`,
  siteSpaces: spaces.map(([ss, sp]) => siteSpace(ss, sp, id)),
});
const site = {
  object: 'site',
  id: 's1',
  type: 'galactic',
  title: 'Docs',
  visibility: 'public',
  published: true,
  siteSpaces: 3,
};

const SITE = globalId('Site', 'o1/s1');
const sectionsPath = '/orgs/o1/sites/s1/sections?limit=51';

describe('Site', () => {
  it('site -> sections -> siteSpaces -> space costs the site and one sections list', async () => {
    const up = new FakeUpstream({
      '/orgs/o1/sites/s1': site,
      [sectionsPath]: listPage([
        section('a', [
          ['ss1', 'sp1'],
          ['ss2', 'sp2'],
        ]),
        section('b', [['ss3', 'sp1']]),
      ]),
    });
    const result = await runSchema(
      up,
      `query($id: ID!) { site(siteId: $id) { type sections { nodes { siteSpaces { space { id title } section { id } } } } } }`,
      { id: SITE },
    );
    expect(result.errors).toBeUndefined();
    expect(up.paths).toEqual(['/orgs/o1/sites/s1', sectionsPath]);
    const data = result.data as {
      site: {
        type: string;
        sections: { nodes: Array<{ siteSpaces: Array<{ space: { id: string; title: string } }> }> };
      };
    };
    expect(data.site.type).toBe('UNKNOWN');
    expect(data.site.sections.nodes[1]?.siteSpaces[0]?.space).toEqual({
      id: globalId('Space', 'sp1'),
      title: 'Space sp1',
    });
  });

  it('a section reference selecting only id costs nothing; node(siteSpace) costs one list read', async () => {
    const up = new FakeUpstream({
      '/orgs/o1/sites/s1/site-spaces?limit=1000': listPage([siteSpace('ss1', 'sp1', 'a')]),
    });
    const result = await runSchema(
      up,
      'query($id: ID!) { node(id: $id) { ... on SiteSpace { path section { id } site { id } space { id } } } }',
      { id: globalId('SiteSpace', 'o1/s1/ss1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      node: {
        path: 'ss1',
        section: { id: globalId('SiteSection', 'o1/s1/a') },
        site: { id: SITE },
        space: { id: globalId('Space', 'sp1') },
      },
    });
    expect(up.paths).toEqual(['/orgs/o1/sites/s1/site-spaces?limit=1000']);
  });

  it('invalid mutation input costs no upstream call', async () => {
    const up = new FakeUpstream({});
    const result = await runSchema(
      up,
      `mutation { updateSiteSpace(input: { siteSpaceId: "${globalId('SiteSpace', 'o1/s1/ss1')}", path: "" }) { __typename ... on ValidationError { fieldErrors { path } } } }`,
    );
    const payload = (
      result.data as {
        updateSiteSpace: { __typename: string; fieldErrors: Array<{ path: string[] }> };
      }
    ).updateSiteSpace;
    expect(payload.__typename).toBe('ValidationError');
    expect(payload.fieldErrors[0]?.path).toEqual(['path']);
    expect(up.paths).toEqual([]);
  });

  it('updateSite sends proxy null to remove the proxy, and reads after it see the new state', async () => {
    const up = new FakeUpstream({ 'PATCH /orgs/o1/sites/s1': { ...site, title: 'New' } });
    const result = await runSchema(
      up,
      `mutation { updateSite(input: { siteId: "${SITE}", proxy: null }) { ... on SitePayload { site { title proxy { origin } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(up.requests[0]?.body).toEqual({ proxy: null });
    expect(result.data).toEqual({ updateSite: { site: { title: 'New', proxy: null } } });
  });
});
