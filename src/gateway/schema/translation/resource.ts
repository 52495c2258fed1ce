import { Translation } from '../../../contract/translations.ts';
import { defineResource } from '../../resources/resource.ts';
import { restPath } from '../../upstream/path.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** A translation of an organization: `/orgs/{org}/translations/{translation}`. */
export const TranslationResource = defineResource({
  typename: 'Translation',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  path: (a) => restPath`/orgs/${a.org}/translations/${a.id}`,
  schema: Translation,
  addressFields: ['organization'],
});

/** The graph's value of a translation: the REST translation and its organization's id. */
export type TranslationShape = typeof TranslationResource.$shape;
