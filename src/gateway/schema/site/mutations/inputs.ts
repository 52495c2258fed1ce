import { ValidationError } from '../../../errors.ts';
import type { InputOptions } from '../../../resources/inputs.ts';
import type { InputFields } from '../../base.ts';
import { SiteResource } from '../resource.ts';

// How the inputs of the site's writes name a site and its parts (shared by every sub-resource).

/** The site fields of an input: a Site global ID, or a REST id with `organizationId`. */
export interface SiteTarget {
  siteId?: string | null | undefined;
  organizationId?: string | null | undefined;
}

/** How an input names the site its part belongs to (for REST ids of sections, site spaces...). */
export const siteParents = (input: SiteTarget) => ({
  parents: { org: input.organizationId, site: input.siteId },
  parentFields: { org: 'organizationId', site: 'siteId' },
});

/** The site an input names; `siteId` is required. */
export function siteOf(input: SiteTarget) {
  if (!input.siteId) {
    throw ValidationError.fromFieldErrors([{ path: ['siteId'], message: 'required' }]);
  }
  return SiteResource.parseInput(input.siteId, {
    field: 'siteId',
    parents: { org: input.organizationId },
    parentFields: { org: 'organizationId' },
  });
}

/** What parsing the input id of a part of a site needs of its resource. */
interface PartResource {
  parseInput(value: string, options?: InputOptions): { id: string };
}

/** The REST id of a part of the site at `site`, named in `field` by global ID or REST id. */
export const partOf = (
  resource: PartResource,
  value: string,
  field: string,
  site: { org: string; site: string },
) => resource.parseInput(value, { field, parents: { org: site.org, site: site.site } }).id;

/** The input fields that name a site: `siteId`, and `organizationId` beside a REST id. */
export const siteTargetFields = (t: InputFields) => ({
  siteId: t.id({
    description: 'Site (global ID, or REST id with `organizationId`).',
  }),
  organizationId: t.id({
    description: 'Organization (global ID or REST id); needed only with REST ids.',
  }),
});

/**
 * A `position` body of a site space or section: `before` and/or `after`, each a part of the same
 * site (not `moves.ts`' positions, whose anchors are spaces and collections).
 */
export function sitePositionBody(
  position: { before?: string | null; after?: string | null },
  resource: PartResource,
  type: 'site-space' | 'site-section',
  key: 'siteSpace' | 'siteSection',
  of: { org: string; site: string },
) {
  const anchor = (id: string | null | undefined) =>
    id ? { type, [key]: partOf(resource, id, 'position', of) } : undefined;
  const before = anchor(position.before);
  const after = anchor(position.after);
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
}
