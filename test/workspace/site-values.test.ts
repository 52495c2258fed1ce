import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SITE_ADS_STATUSES,
  type Site,
  SiteAdsInput,
  SiteFeatureInput,
} from '../../src/contract/sites.ts';
import { HttpError } from '../../src/workspace/errors.ts';
import { setSiteAds } from '../../src/workspace/store/siteFeatures.ts';
import { listPage } from '../support/fixtures.ts';
import { FakeUpstream, runSchema } from '../support/gateway.ts';
import { globalId } from '../support/ids.ts';
import { createTestWorkspace, type TestWorkspace } from '../support/workspace.ts';

let t: TestWorkspace;
let sites: Site[];

beforeAll(async () => {
  // Scale 3 adds mirror sites, whose ads stay pending.
  t = await createTestWorkspace({ scale: 3 });
  const res = await t.request('GET', `/v1/orgs/${t.demo.organizationId}/sites?limit=100`);
  expect(res.status).toBe(200);
  sites = (res.body as { items: Site[] }).items;
});
afterAll(() => t.close());

describe("demo sites use the hosted service's values", () => {
  it('every feature id and customization is one of the hosted lists', () => {
    const features = sites.flatMap((site) => site.features ?? []);
    expect(features.length).toBeGreaterThan(sites.length);
    for (const feature of features) SiteFeatureInput.parse(feature);
  });

  it('ads take the hosted shapes, and the demo shows several of them', () => {
    for (const site of sites) SiteAdsInput.parse(site.ads);
    const byTitle = Object.fromEntries(sites.map((site) => [site.title, site.ads]));
    expect(byTitle['Acme Developer Docs']).toEqual({ status: 'live' });
    expect(byTitle['Acme Partner Portal']).toEqual({ status: 'in-review', topic: 'webdev' });
    expect(byTitle['Acme Internal Handbook']).toEqual({ status: 'disabled' });
    expect(byTitle['Acme Docs Mirror 2']).toEqual({ status: 'pending', submittable: true });
    expect(byTitle['Acme Docs Mirror 1']).toEqual({ status: 'pending', submittable: false });
  });

  it('refuses ads outside the hosted shapes with a 400, and stores those within them', async () => {
    const site = sites.find((s) => s.title === 'Acme Internal Handbook') as Site;
    for (const ads of [
      { status: 'approved' },
      { status: 'in-review' },
      { status: 'in-review', topic: 'gaming' },
      { status: 'live', submittable: true },
      { status: 'pending' },
    ]) {
      const attempt = () => setSiteAds(t.ws, site.id, ads);
      expect(attempt, JSON.stringify(ads)).toThrow(HttpError);
    }
    setSiteAds(t.ws, site.id, { status: 'rejected', reason: 'thin content' });
    const read = await t.request('GET', `/v1/orgs/${t.demo.organizationId}/sites/${site.id}`);
    expect((read.body as Site).ads).toEqual({ status: 'rejected', reason: 'thin content' });
    expect(SITE_ADS_STATUSES).toContain('rejected');
  });
});

describe('the gateway reads values outside these lists as sent', () => {
  it('an unknown ads status, topic, feature id and customization reach the graph unchanged', async () => {
    const upstream = new FakeUpstream({
      '/orgs/o1/sites/s1': {
        object: 'site',
        id: 's1',
        title: 'Docs',
        visibility: 'public',
        published: true,
        siteSpaces: 0,
        ads: { status: 'paused', topic: 'gaming', submittable: false },
        features: [
          { id: 'sites-teleport', plan: 'galactic', frozen: false, customizations: ['aurora'] },
        ],
      },
      '/orgs/o1/sites?limit=51': listPage([]),
    });
    const result = await runSchema(
      upstream,
      `query($id: ID!) { site(siteId: $id) {
        ads { status submittable topic reason } features { id plan customizations } } }`,
      { id: globalId('Site', 'o1/s1') },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      site: {
        ads: { status: 'paused', submittable: false, topic: 'gaming', reason: null },
        features: [{ id: 'sites-teleport', plan: 'galactic', customizations: ['aurora'] }],
      },
    });
  });
});
