import { afterAll, beforeAll, expect } from 'vitest';
import {
  Site,
  SiteList,
  SiteSection,
  SiteSectionList,
  type SiteSpace,
  SiteSpaceList,
} from '../../src/contract/sites.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

// The workspace the site tests share: the demo organization, its sites and spaces, read once.

export let t: TestWorkspace;
export let org: string;
export let sites: string;
export let spaces: string[];
export let otherOrgSpace: string;
export const demoSites: Record<string, Site> = {};

export async function newSite(body: Record<string, unknown> = {}): Promise<Site> {
  const res = await t.request('POST', sites, { body: { title: 'Scratch site', ...body } });
  expect(res.status).toBe(201);
  return Site.parse(res.body);
}

export async function siteSpaces(siteId: string, query = ''): Promise<SiteSpace[]> {
  const res = await t.request('GET', `${sites}/${siteId}/site-spaces?limit=1000${query}`);
  expect(res.status).toBe(200);
  return SiteSpaceList.parse(res.body).items;
}

export async function sections(siteId: string): Promise<SiteSection[]> {
  const res = await t.request('GET', `${sites}/${siteId}/sections?limit=1000`);
  expect(res.status).toBe(200);
  return SiteSectionList.parse(res.body).items;
}

export async function addSection(
  siteId: string,
  body: Record<string, unknown>,
): Promise<SiteSection> {
  const res = await t.request('POST', `${sites}/${siteId}/sections`, { body });
  expect(res.status).toBe(201);
  return SiteSection.parse(res.body);
}

/** Opens the workspace before a file's tests and closes it after them. */
export function useSiteWorkspace(): void {
  beforeAll(async () => {
    t = await createTestWorkspace();
    org = t.demo.organizationId;
    sites = `/v1/orgs/${org}/sites`;
    spaces = t.ws.db
      .prepare(
        'SELECT id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL ORDER BY position, id',
      )
      .pluck()
      .all(org) as string[];
    otherOrgSpace = t.ws.db
      .prepare('SELECT id FROM spaces WHERE organization_id = ? LIMIT 1')
      .pluck()
      .get(t.demo.secondOrganizationId) as string;
    const res = await t.request('GET', sites);
    for (const site of SiteList.parse(res.body).items) demoSites[site.title] = site;
  });
  afterAll(() => t.close());
}
