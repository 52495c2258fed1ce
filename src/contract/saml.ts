import { X509Certificate } from 'node:crypto';
import { z } from 'zod';
import {
  ENUMS,
  httpUrl,
  listPage,
  openEnum,
  PageQuery,
  Role,
  sometimes,
  Timestamp,
  Urls,
} from './common.ts';
import { Team } from './teams.ts';

/** Limits of SAML providers that the spec leaves open; the embedded server enforces them. */
export const SAML_LIMITS = {
  labelMax: 100,
  entityIdMax: 1024,
  ssoUrlMax: 2048,
  certificateMax: 16_384,
} as const;

/** The service-provider side of a SAML provider, to configure in the identity provider. */
export const SamlService = z.object({
  acsURL: sometimes(z.string()),
  startURL: sometimes(z.string()),
  entityID: sometimes(z.string()),
});

/**
 * A SAML single sign-on provider. `status` is `active` once it has an entity ID, an SSO URL and a
 * certificate, `pending` before.
 */
export const SamlProvider = z.object({
  object: z.literal('saml-provider'),
  id: z.string(),
  label: sometimes(z.string()),
  ssoURL: z.string().optional(),
  entityID: z.string().optional(),
  certificate: z.string().optional(),
  defaultTeam: Team.optional(),
  defaultRole: openEnum(ENUMS.role).optional(),
  createdAt: sometimes(Timestamp),
  status: sometimes(openEnum(ENUMS.samlStatus)),
  service: SamlService.optional(),
  urls: Urls.optional(),
});
export type SamlProvider = z.infer<typeof SamlProvider>;
export const SamlProviderList = listPage(SamlProvider);
export type SamlProviderList = z.infer<typeof SamlProviderList>;

/** One SSO entry point of an organization. */
export const SsoEntry = z.object({
  id: z.string(),
  label: sometimes(z.string()),
  startURL: sometimes(z.string()),
});
export const SsoList = z.object({ items: z.array(SsoEntry) });
export type SsoList = z.infer<typeof SsoList>;

const PEM_CERTIFICATE =
  /^-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----$/;

/** True when `value` is one PEM-encoded X.509 certificate that parses. */
export function isX509Pem(value: string): boolean {
  if (!PEM_CERTIFICATE.test(value.trim())) return false;
  try {
    new X509Certificate(value.trim());
    return true;
  } catch {
    return false;
  }
}

const label = z
  .string()
  .trim()
  .min(1, 'at least 1 character')
  .max(SAML_LIMITS.labelMax, `at most ${SAML_LIMITS.labelMax} characters`);
const entityID = z
  .string()
  .trim()
  .min(1, 'at least 1 character')
  .max(SAML_LIMITS.entityIdMax, `at most ${SAML_LIMITS.entityIdMax} characters`);
const ssoURL = httpUrl(SAML_LIMITS.ssoUrlMax, z.string().trim());
const certificate = z
  .string()
  .max(SAML_LIMITS.certificateMax, `at most ${SAML_LIMITS.certificateMax} characters`)
  .refine(isX509Pem, 'must be a PEM-encoded X.509 certificate')
  .transform((value) => `${value.trim().replace(/\r\n/g, '\n')}\n`);
const teamId = z.string().min(1, 'a team id is required').max(200, 'at most 200 characters');

/** `POST {org}/saml`. Only `label` is required; the provider is `pending` until complete. */
export const CreateSamlProviderBody = z.strictObject({
  label,
  entityID: entityID.optional(),
  certificate: certificate.optional(),
  ssoURL: ssoURL.optional(),
  defaultTeam: teamId.optional(),
  defaultRole: Role.optional(),
});
export type CreateSamlProviderBody = z.infer<typeof CreateSamlProviderBody>;

/** `PATCH {org}/saml/{id}`: the create fields, all optional; `null` clears an optional one. */
export const UpdateSamlProviderBody = z.strictObject({
  label: label.optional(),
  entityID: entityID.nullable().optional(),
  certificate: certificate.nullable().optional(),
  ssoURL: ssoURL.nullable().optional(),
  defaultTeam: teamId.nullable().optional(),
  defaultRole: Role.optional(),
});
export type UpdateSamlProviderBody = z.infer<typeof UpdateSamlProviderBody>;

export const SamlProviderListQuery = PageQuery;
