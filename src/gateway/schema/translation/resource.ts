import { Translation } from '../../../contract/translations.ts';
import { defineResource } from '../../resources/resource.ts';
import { OrganizationResource } from '../organization/resource.ts';

/** A translation of an organization: `/orgs/{org}/translations/{translation}`. */
export const TranslationResource = defineResource({
  typename: 'Translation',
  segments: ['org', 'id'],
  parents: { org: OrganizationResource },
  routes: {
    item: '/orgs/{organizationId}/translations/{translationId}',
    inOrganization: '/orgs/{organizationId}/translations',
    run: '/orgs/{organizationId}/translations/{translationId}/run',
  },
  contract: Translation,
});

/** The graph's value of a translation: the REST translation and its organization's id. */
export type TranslationShape = typeof TranslationResource.$shape;
