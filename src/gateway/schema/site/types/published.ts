import { builder } from '../../../builder.ts';
import { type PublishedSiteShape, SiteResource, SiteSpaceResource } from '../resource.ts';
import { SiteRef } from './site.ts';
import { SiteSpaceRef, SiteStructureItemRef, structureShape } from './structure.ts';

type Json = Record<string, unknown>;
type Published = PublishedSiteShape;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (object: Json, key: string): Json | null =>
  isObject(object[key]) ? (object[key] as Json) : null;
const listAt = (object: Json, key: string): Json[] | null =>
  Array.isArray(object[key]) ? (object[key] as unknown[]).filter(isObject) : null;

type Kind = 'String' | 'Boolean' | 'JSON' | 'StringList' | { ref: unknown; list?: boolean };

/**
 * A small object type over a free-form customization object: every listed key becomes a
 * nullable field; a value of the wrong JSON type reads as null rather than failing the query.
 */
function jsonObject(name: string, description: string, fields: Record<string, [Kind, string]>) {
  const ref = builder.objectRef<Json>(name);
  ref.implement({
    description,
    fields: (t) => {
      const out: Record<string, unknown> = {};
      for (const [key, [kind, doc]] of Object.entries(fields)) {
        if (kind === 'String') {
          out[key] = t.string({
            nullable: true,
            description: doc,
            resolve: (v) => (typeof v[key] === 'string' ? (v[key] as string) : null),
          });
        } else if (kind === 'Boolean') {
          out[key] = t.boolean({
            nullable: true,
            description: doc,
            resolve: (v) => (typeof v[key] === 'boolean' ? (v[key] as boolean) : null),
          });
        } else if (kind === 'StringList') {
          out[key] = t.stringList({
            nullable: { list: true, items: true },
            description: doc,
            resolve: (v) =>
              Array.isArray(v[key])
                ? (v[key] as unknown[]).filter((s): s is string => typeof s === 'string')
                : null,
          });
        } else if (kind === 'JSON') {
          out[key] = t.field({
            type: 'JSON',
            nullable: true,
            description: doc,
            resolve: (v) => (v[key] === undefined ? null : v[key]),
          });
        } else if (kind.list) {
          out[key] = t.field({
            type: [kind.ref as typeof ref],
            nullable: { list: true, items: true },
            description: doc,
            resolve: (v) => listAt(v, key),
          });
        } else {
          out[key] = t.field({
            type: kind.ref as typeof ref,
            nullable: true,
            description: doc,
            resolve: (v) => objectAt(v, key),
          });
        }
      }
      return out as never;
    },
  });
  return ref;
}

const LightDarkValue = jsonObject(
  'CustomizationLightDark',
  'A value for the light and the dark theme.',
  {
    light: ['String', 'For the light theme.'],
    dark: ['String', 'For the dark theme.'],
  },
);
const obj = (ref: unknown): Kind => ({ ref });
const list = (ref: unknown): Kind => ({ ref, list: true });

const Tint = jsonObject('CustomizationTint', 'Tint color of a site.', {
  color: [obj(LightDarkValue), 'Tint color for light and dark themes.'],
});
const Sidebar = jsonObject('CustomizationSidebar', 'Sidebar styling.', {
  background: ['String', 'Background style.'],
  list: ['String', 'List style.'],
});
const Styling = jsonObject(
  'CustomizationStyling',
  'Styling of a site (allowed values are not part of the surface).',
  {
    theme: ['String', 'Theme.'],
    primaryColor: [obj(LightDarkValue), 'Primary color.'],
    tint: [obj(Tint), 'Tint.'],
    infoColor: [obj(LightDarkValue), 'Color of info hints.'],
    successColor: [obj(LightDarkValue), 'Color of success hints.'],
    warningColor: [obj(LightDarkValue), 'Color of warning hints.'],
    dangerColor: [obj(LightDarkValue), 'Color of danger hints.'],
    corners: ['String', 'Corner style.'],
    depth: ['String', 'Depth style.'],
    links: ['String', 'Link style.'],
    font: ['String', 'Font.'],
    monospaceFont: ['String', 'Monospace font.'],
    icons: ['String', 'Icon style.'],
    sidebar: [obj(Sidebar), 'Sidebar styling.'],
    search: ['String', 'Search style.'],
  },
);
const Favicon = jsonObject('CustomizationFavicon', 'Favicon of a site.', {
  icon: [obj(LightDarkValue), 'Icon URLs for light and dark themes.'],
});
const SubLink = jsonObject('CustomizationSubLink', 'A link inside a header link or footer group.', {
  title: ['String', 'Title.'],
  to: ['JSON', 'Target (a content reference).'],
});
const HeaderLink = jsonObject('CustomizationHeaderLink', 'A link of the header.', {
  title: ['String', 'Title.'],
  style: ['String', 'Style.'],
  to: ['JSON', 'Target (a content reference).'],
  links: [list(SubLink), 'Sub-links.'],
  condition: ['String', 'Expression deciding whether the visitor sees it.'],
});
const Header = jsonObject('CustomizationHeader', 'Header of a site.', {
  logo: [obj(LightDarkValue), 'Logo for light and dark themes.'],
  primaryLink: ['JSON', 'Primary link (a content reference).'],
  links: [list(HeaderLink), 'Links.'],
});
const FooterGroup = jsonObject('CustomizationFooterGroup', 'A group of footer links.', {
  title: ['String', 'Title.'],
  links: [list(SubLink), 'Links.'],
});
const Footer = jsonObject('CustomizationFooter', 'Footer of a site.', {
  logo: [obj(LightDarkValue), 'Logo for light and dark themes.'],
  groups: [list(FooterGroup), 'Groups of links.'],
  copyright: ['String', 'Copyright line.'],
});
const AnnouncementLink = jsonObject('CustomizationAnnouncementLink', 'Link of an announcement.', {
  title: ['String', 'Title.'],
  to: ['JSON', 'Target (a content reference).'],
});
const Announcement = jsonObject('CustomizationAnnouncement', 'Announcement banner.', {
  enabled: ['Boolean', 'Shown or not.'],
  message: ['String', 'Message.'],
  link: [obj(AnnouncementLink), 'Link.'],
  style: ['String', 'Style (e.g. `info`).'],
});
const Themes = jsonObject('CustomizationThemes', 'Light/dark themes.', {
  default: ['String', 'Default theme (e.g. `light`).'],
  toggeable: ['Boolean', 'Whether visitors can toggle it.'],
});
const Enabled = (name: string, description: string) =>
  jsonObject(name, description, { enabled: ['Boolean', 'Enabled or not.'] });
const Ai = jsonObject('CustomizationAI', 'AI features of a site.', {
  mode: ['String', 'Mode (e.g. `none`).'],
  suggestions: ['StringList', 'Suggested questions.'],
});
const Git = jsonObject('CustomizationGit', 'Git settings.', {
  showEditLink: ['Boolean', 'Show an edit link.'],
});
const PageActions = jsonObject('CustomizationPageActions', 'Actions offered on pages.', {
  externalAI: ['Boolean', 'Open in an external AI.'],
  markdown: ['Boolean', 'View as Markdown.'],
  mcp: ['Boolean', 'MCP server.'],
});
const ExternalLinks = jsonObject('CustomizationExternalLinks', 'How external links open.', {
  target: ['String', 'Target (e.g. `self`).'],
});
const Url = (name: string, description: string) =>
  jsonObject(name, description, { url: ['String', 'URL.'] });
const Insights = jsonObject('CustomizationInsights', 'Insights settings.', {
  trackingCookie: ['Boolean', 'Use a tracking cookie.'],
});

/** A site or site-space customization (only the key structure is part of the surface). */
export const CustomizationRef = jsonObject(
  'Customization',
  'Customization of a site or site space; the allowed values of its fields are not part of the surface.',
  {
    title: ['String', 'Title.'],
    styling: [obj(Styling), 'Styling.'],
    favicon: [obj(Favicon), 'Favicon.'],
    header: [obj(Header), 'Header.'],
    footer: [obj(Footer), 'Footer.'],
    announcement: [obj(Announcement), 'Announcement banner.'],
    themes: [obj(Themes), 'Themes.'],
    pdf: [obj(Enabled('CustomizationPdf', 'PDF export.')), 'PDF export.'],
    feedback: [obj(Enabled('CustomizationFeedback', 'Page feedback.')), 'Page feedback.'],
    ai: [obj(Ai), 'AI features.'],
    advancedCustomization: [
      obj(Enabled('CustomizationAdvanced', 'Advanced customization.')),
      'Advanced customization.',
    ],
    git: [obj(Git), 'Git settings.'],
    pageActions: [obj(PageActions), 'Page actions.'],
    externalLinks: [obj(ExternalLinks), 'External links.'],
    pagination: [obj(Enabled('CustomizationPagination', 'Pagination.')), 'Pagination.'],
    trademark: [obj(Enabled('CustomizationTrademark', 'Trademark.')), 'Trademark.'],
    privacyPolicy: [obj(Url('CustomizationPrivacyPolicy', 'Privacy policy.')), 'Privacy policy.'],
    socialPreview: [
      obj(Url('CustomizationSocialPreview', 'Social preview image.')),
      'Social preview.',
    ],
    insights: [obj(Insights), 'Insights.'],
    raw: ['JSON', 'The whole customization object as sent by the upstream.'],
  },
);

type SiteSpaceCustomization = {
  org: string;
  site: string;
  siteSpaceId: string;
  customization: Json;
};

const SiteSpaceCustomizationRef = builder
  .objectRef<SiteSpaceCustomization>('SiteSpaceCustomization')
  .implement({
    description: 'The customization of one site space.',
    fields: (t) => ({
      siteSpaceId: t.exposeString('siteSpaceId', {
        description: 'REST id of the site space.',
      }),
      siteSpace: t.field({
        type: SiteSpaceRef,

        description: 'The site space.',
        resolve: (c) => SiteSpaceResource.stub({ org: c.org, site: c.site, id: c.siteSpaceId }),
      }),
      customization: t.field({
        type: CustomizationRef,

        description: 'Its customization.',
        resolve: (c) => ({ ...c.customization, raw: c.customization }),
      }),
    }),
  });

const PublishedCustomizationsRef = builder
  .objectRef<Published>('PublishedSiteCustomizations')
  .implement({
    description: 'Customizations of a published site: the site, and each site space.',
    fields: (t) => ({
      site: t.field({
        type: CustomizationRef,

        description: 'Customization of the site.',
        resolve: (p) =>
          p.customizations?.site === undefined
            ? null
            : { ...p.customizations.site, raw: p.customizations.site },
      }),
      siteSpaces: t.field({
        type: [SiteSpaceCustomizationRef],
        nullable: { list: true, items: true },
        description: 'Customization of each site space (by site-space id).',
        resolve: (p) =>
          Object.entries(p.customizations?.siteSpaces ?? {}).map(
            ([siteSpaceId, customization]) => ({
              org: p.org,
              site: p.siteId,
              siteSpaceId,
              customization,
            }),
          ),
      }),
    }),
  });

const PublishedStructureRef = builder.objectRef<Published>('PublishedSiteStructure').implement({
  description: 'The structure of a published site.',
  fields: (t) => ({
    type: t.string({
      description: '`sections` (sections and groups) or `site-spaces` (a site without sections).',
      resolve: (p) => p.structure?.type ?? null,
    }),
    structure: t.field({
      type: [SiteStructureItemRef],
      nullable: { list: true, items: true },
      description: 'Sections and section groups, or site spaces, in order.',
      resolve: (p) =>
        ((p.structure?.structure ?? []) as Array<{ object: string }>)
          .filter((item) =>
            ['site-section', 'site-section-group', 'site-space'].includes(item.object),
          )
          .map((item) =>
            structureShape({ org: p.org, site: p.siteId }, item as { object: string; id: string }),
          ),
    }),
  }),
});

const SiteScriptRef = builder.objectRef<Published['scripts'][number]>('SiteScript').implement({
  description: 'A script a published site loads.',
  fields: (t) => ({
    script: t.exposeString('script', { description: 'Script URL.' }),
    contentSecurityPolicy: t.exposeString('contentSecurityPolicy', {
      nullable: true,
      description: 'Content-Security-Policy it needs.',
    }),
    cookies: t.exposeBoolean('cookies', {
      nullable: true,
      description: 'Whether it sets cookies.',
    }),
  }),
});

export const PublishedSiteRef = builder.objectRef<Published>('PublishedSite').implement({
  description:
    'The published profile of a site: the site, its structure, customizations and scripts.',
  fields: (t) => ({
    site: t.field({
      type: SiteRef,

      description: 'The site.',
      resolve: (p) =>
        p.site === undefined ? null : SiteResource.shape(p.site, { org: p.org, id: p.site.id }),
    }),
    structure: t.field({
      type: PublishedStructureRef,

      description: 'Its structure.',
      resolve: (p) => p,
    }),
    customizations: t.field({
      type: PublishedCustomizationsRef,

      description: 'Customizations of the site and of each site space.',
      resolve: (p) => p,
    }),
    scripts: t.field({
      type: [SiteScriptRef],
      nullable: { list: true, items: true },
      description: 'Scripts it loads.',
      resolve: (p) => p.scripts,
    }),
  }),
});
