import { describe, expect, it } from 'vitest';
import { listPage, restSpace } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';

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

describe('Site addresses', () => {
  it('lists of a site start from its address: no read of the site itself', async () => {
    const up = new FakeUpstream({
      [sectionsPath]: listPage([section('a', [['ss1', 'sp1']])]),
      '/orgs/o1/sites/s1/section-groups?limit=51': listPage([]),
    });
    const result = await runSchema(
      up,
      `query($id: ID!) { site(siteId: $id) { id organization { id }
        sections { nodes { id } } sectionGroups { totalCount } } }`,
      { id: SITE },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      site: {
        id: SITE,
        organization: { id: globalId('Organization', 'o1') },
        sections: { nodes: [{ id: globalId('SiteSection', 'o1/s1/a') }] },
        sectionGroups: { totalCount: 0 },
      },
    });
    expect(up.paths.sort()).toEqual(['/orgs/o1/sites/s1/section-groups?limit=51', sectionsPath]);
  });

  it('a part read by reference comes from its list; a missing one is NOT_FOUND', async () => {
    const up = new FakeUpstream({
      '/orgs/o1/sites/s1/site-spaces?limit=1000': listPage([siteSpace('ss1', 'sp1', 'a')]),
      '/orgs/o1/sites/s1/sections?limit=1000': listPage([section('a', [['ss1', 'sp1']])]),
    });
    const result = await runSchema(
      up,
      `query($a: ID!, $b: ID!) { a: node(id: $a) { ... on SiteSpace { section { title } } }
        b: node(id: $b) { id } }`,
      { a: globalId('SiteSpace', 'o1/s1/ss1'), b: globalId('SiteSpace', 'o1/s1/nope') },
    );
    expect(result.data).toEqual({ a: { section: { title: 'Section a' } }, b: null });
    expect(result.errors?.map((e) => [e.path?.join('.'), e.extensions?.code])).toEqual([
      ['b', 'NOT_FOUND'],
    ]);
    expect(up.paths.sort()).toEqual([
      '/orgs/o1/sites/s1/sections?limit=1000',
      '/orgs/o1/sites/s1/site-spaces?limit=1000',
    ]);
  });

  it('a REST id of a part takes its site from a Site global ID beside it', async () => {
    const up = new FakeUpstream({
      'PATCH /orgs/o1/sites/s1/site-spaces/ss1': siteSpace('ss1', 'sp1', 'a'),
    });
    const mutation = `mutation($input: UpdateSiteSpaceInput!) { updateSiteSpace(input: $input) {
      __typename ... on SiteSpacePayload { siteSpace { id } }
      ... on ValidationError { fieldErrors { path } } } }`;
    const ok = await runSchema(up, mutation, {
      input: { siteSpaceId: 'ss1', siteId: SITE, path: 'x' },
    });
    expect(ok.data).toEqual({
      updateSiteSpace: {
        __typename: 'SiteSpacePayload',
        siteSpace: { id: globalId('SiteSpace', 'o1/s1/ss1') },
      },
    });
    const invalid = async (input: Record<string, unknown>) =>
      (await runSchema(up, mutation, { input: { path: 'x', ...input } })).data;
    // A REST site id needs its organization; a site's global ID beside another organization, or a
    // part's beside another site, names two different things.
    expect(await invalid({ siteSpaceId: 'ss1', siteId: 's1' })).toEqual({
      updateSiteSpace: {
        __typename: 'ValidationError',
        fieldErrors: [{ path: ['organizationId'] }],
      },
    });
    expect(await invalid({ siteSpaceId: 'ss1', siteId: SITE, organizationId: 'o2' })).toEqual({
      updateSiteSpace: { __typename: 'ValidationError', fieldErrors: [{ path: ['siteId'] }] },
    });
    expect(
      await invalid({
        siteSpaceId: globalId('SiteSpace', 'o1/s1/ss1'),
        siteId: globalId('Site', 'o1/s2'),
      }),
    ).toEqual({
      updateSiteSpace: { __typename: 'ValidationError', fieldErrors: [{ path: ['siteSpaceId'] }] },
    });
    expect(up.paths).toEqual(['PATCH /orgs/o1/sites/s1/site-spaces/ss1']);
  });
});
