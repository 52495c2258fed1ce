import type { SiteSection, SiteSectionGroup, SiteSpace } from '../../../contract/sites.ts';
import { siteBaseUrl, withShareKey } from '../siteUrls.ts';
import { embeddedSpace } from '../spaces.ts';
import type { GroupRow, SectionRow, SiteSpaceRow, SiteStructure } from './structure.ts';

/** Renders a site's structure for one caller. */
export class StructureRenderer {
  private readonly base: string;
  private readonly spaceCache = new Map<string, ReturnType<typeof embeddedSpace>>();

  constructor(
    readonly st: SiteStructure,
    readonly callerId: string,
    /** Whether published URLs carry the share key (admins, or the right `shareKey`). */
    readonly showKey: boolean,
  ) {
    this.base = siteBaseUrl(st.ws, st.site);
  }

  private published(path: string): string {
    return withShareKey(this.st.site, `${this.base}${path}`, this.showKey);
  }

  private space(spaceId: string) {
    let space = this.spaceCache.get(spaceId);
    if (!space) {
      space = embeddedSpace(this.st.ws, spaceId, this.callerId);
      this.spaceCache.set(spaceId, space);
    }
    return space;
  }

  siteSpace(row: SiteSpaceRow): SiteSpace {
    const section = row.section_id ? this.st.section(row.section_id) : undefined;
    const space = this.space(row.space_id);
    return {
      object: 'site-space',
      id: row.id,
      path: row.path,
      ...(row.section_id ? { section: row.section_id } : {}),
      space,
      title: space.title,
      default: this.st.defaultSiteSpaceId(row.section_id) === row.id,
      ...(row.condition !== null ? { condition: row.condition } : {}),
      hasAdvancedCustomizationFeature: this.st.site.type === 'ultimate',
      hidden: row.hidden === 1,
      urls: { published: this.published(`${section ? `/${section.path}` : ''}/${row.path}`) },
    };
  }

  section(row: SectionRow): SiteSection {
    return {
      object: 'site-section',
      id: row.id,
      title: row.title,
      ...(row.description !== null ? { description: row.description } : {}),
      default: this.st.defaultSectionId() === row.id,
      path: row.path,
      ...(row.condition !== null ? { condition: row.condition } : {}),
      ...(row.group_id ? { sectionGroup: row.group_id } : {}),
      siteSpaces: this.st.siteSpacesOf(row.id).map((ss) => this.siteSpace(ss)),
      urls: { published: this.published(`/${row.path}`) },
      ...(row.icon !== null ? { icon: row.icon } : {}),
    };
  }

  group(row: GroupRow, depth = 0): SiteSectionGroup {
    return {
      object: 'site-section-group',
      id: row.id,
      title: row.title,
      ...(row.parent_id ? { sectionGroup: row.parent_id } : {}),
      ...(row.icon !== null ? { icon: row.icon } : {}),
      children:
        depth > 64
          ? []
          : this.st
              .children(row.id)
              .map((child) =>
                child.kind === 'section'
                  ? this.section(child.row)
                  : this.group(child.row, depth + 1),
              ),
    };
  }

  /** The root of the published structure: sections and groups, or the root site spaces. */
  structure():
    | { type: 'sections'; structure: Array<SiteSection | SiteSectionGroup> }
    | { type: 'site-spaces'; structure: SiteSpace[] } {
    if (this.st.sections.length > 0) {
      return {
        type: 'sections',
        structure: this.st
          .children(null)
          .map((child) =>
            child.kind === 'section' ? this.section(child.row) : this.group(child.row),
          ),
      };
    }
    return {
      type: 'site-spaces',
      structure: this.st.siteSpacesOf(null).map((row) => this.siteSpace(row)),
    };
  }
}
