import { SiteAdsInput, type SiteFeatureInput } from '../../contract/sites.ts';
import type { Workspace } from '../context.ts';
import { badRequest, describeZodError } from '../errors.ts';
import type { SiteRow } from './siteUrls.ts';

const PLAN_RANK: Record<string, number> = { basic: 1, premium: 2, ultimate: 3 };

/** Site features by the plan that includes them (the hosted service's ids and customizations). */
const FEATURES: ReadonlyArray<Omit<SiteFeatureInput, 'frozen'>> = [
  {
    id: 'sites-basic-customization',
    plan: 'basic',
    customizations: ['header-logo', 'header-primary-link', 'theme-preset', 'footer-copyright'],
  },
  { id: 'sites-full-text-search', plan: 'basic', customizations: [] },
  { id: 'sites-public-visibility', plan: 'basic', customizations: [] },
  { id: 'sites-page-feedback', plan: 'basic', customizations: [] },
  { id: 'sites-custom-domain', plan: 'premium', customizations: [] },
  { id: 'sites-adaptive-content', plan: 'premium', customizations: [] },
  { id: 'sites-sections', plan: 'premium', customizations: [] },
  { id: 'sites-share-links', plan: 'premium', customizations: [] },
  { id: 'sites-unlisted-visibility', plan: 'premium', customizations: [] },
  {
    id: 'sites-advanced-customization',
    plan: 'ultimate',
    customizations: [
      'premium-fonts',
      'custom-icons',
      'footer-logo',
      'footer-links',
      'semantic-colors',
    ],
  },
  { id: 'sites-visitor-authentication', plan: 'ultimate', customizations: [] },
  { id: 'sites-custom-fonts', plan: 'ultimate', customizations: [] },
];

/** A site's ads as stored: the status and the fields the hosted service gives it. */
export function adsOf(row: SiteRow): SiteAdsInput {
  switch (row.ads_status) {
    case 'in-review':
      return { status: 'in-review', topic: row.ads_topic === 'crypto' ? 'crypto' : 'webdev' };
    case 'live':
    case 'disabled':
      return { status: row.ads_status };
    case 'rejected':
      return { status: 'rejected', ...(row.ads_reason ? { reason: row.ads_reason } : {}) };
    default:
      return {
        status: 'pending',
        submittable: row.published === 1 && row.visibility === 'public',
      };
  }
}

/** Sets a site's ads after checking them against the hosted service's shapes (400 otherwise). */
export function setSiteAds(ws: Workspace, siteId: string, ads: unknown): void {
  const parsed = SiteAdsInput.safeParse(ads);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error, 'ads'));
  const value = parsed.data;
  ws.db
    .prepare('UPDATE sites SET ads_status = ?, ads_topic = ?, ads_reason = ? WHERE id = ?')
    .run(
      value.status,
      value.status === 'in-review' ? value.topic : null,
      value.status === 'rejected' ? (value.reason ?? null) : null,
      siteId,
    );
}

/** The features of a site's plan, and adaptive content (frozen) when used beyond its plan. */
export function featuresOf(row: SiteRow): SiteFeatureInput[] {
  const rank = PLAN_RANK[row.type] ?? 1;
  return FEATURES.flatMap((f) => {
    const included = (PLAN_RANK[f.plan] ?? 1) <= rank;
    const used = f.id === 'sites-adaptive-content' && row.adaptive_enabled === 1;
    return included || used ? [{ ...f, frozen: !included }] : [];
  });
}
