import { performTranslationRun } from '../store/translations.ts';
import type { DemoContext } from './context.ts';

/** A self-signed certificate of the demo identity provider (CN=acme-idp), public part only. */
export const DEMO_IDP_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDBzCCAe+gAwIBAgIULfSP/aDRY48pUk6PiSqyC+qNX2EwDQYJKoZIhvcNAQEL
BQAwEzERMA8GA1UEAwwIYWNtZS1pZHAwHhcNMjYxMTIyMDQwMDI0WhcNMzYxMTE5
MDQwMDI0WjATMREwDwYDVQQDDAhhY21lLWlkcDCCASIwDQYJKoZIhvcNAQEBBQAD
ggEPADCCAQoCggEBAK5piAuE/IbmKC+sGFHeVd/NANLTwjMTVGGp4y9isMppHMO+
o2r5rbpEIClgFlCTep/hLGW42nbRE9CkrtmUcdp0+loeSdWf3m+Jb7IZHjggupbt
TS+r+NPw0EJa0xUmABgvctt3BmjMUOiQz+ixI9vssO/8w3UBwUXGFgLwL/kRDjw2
DiUsv9INWUzpPty0YrLqhRq0H+d7239Y8AAISCleS/aeIs4KWtCmbRj/osSiPMIB
FxAU5e1wJ4ZJN0F5HrHX6VdEVBjyKjZjbtC/tY+aLIl3CK3tl9ll+7EoohMLrHHP
6/1Evy4RJJ2GpDDZtRgM39I7PZ5hW3IG8pLKht0CAwEAAaNTMFEwHQYDVR0OBBYE
FMMO9QS4/VXk6s0eAqK0tnKe1ELpMB8GA1UdIwQYMBaAFMMO9QS4/VXk6s0eAqK0
tnKe1ELpMA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADggEBAD/LCTcE
BJLPiwjLvP+U7H2t1lqfYkcgQm2fJZkUCcWNkRGUClNToQAvtMAWI8oy4hQflLXM
xxdVgR6+EoCoHfGhfnbGGd6ubPIp74hcuhGm9vlhQEPOX1GTtJ0BLeUMrEubTG9I
Smf1+yGJeg5n46GiGs84K3vnrqD9Y5yNwWiusLv0qbmM2LGY9kW60mKY061EdYRm
cW+D9ElaloQRmdirnrTLTXKBdYbEZMtcls2J9hRSf1OK9f7vDA4txKaavrbdRAcv
R/iGFu++Px2c6kMJuaJF302fgpUnKOoLIyNFPlVLTMY/RuQp8PQtrC/beZjY8Z3m
JQfL+vSCv71RhwU=
-----END CERTIFICATE-----
`;
/** A SAML provider whose users join the Support team, and two translations of a demo space. */
export function seedSamlTranslations(demo: DemoContext): void {
  const { ws, organizationId, spaceIds } = demo;
  const db = ws.db;
  if (!organizationId) return;
  const now = ws.now();
  db.prepare(
    `INSERT INTO saml_providers (id, organization_id, label, entity_id, certificate, sso_url,
       default_team_id, default_role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    ws.ids.next(),
    organizationId,
    'Acme Okta',
    'http://www.okta.com/acme-idp',
    DEMO_IDP_CERTIFICATE,
    'https://acme.okta.test/app/acme-docs/sso/saml',
    demo.teamIds[2] ?? null,
    'read',
    now,
    now,
  );

  const sourceId = spaceIds[0];
  if (!sourceId) return;
  const source = db.prepare('SELECT language FROM spaces WHERE id = ?').get(sourceId) as
    | { language: string | null }
    | undefined;
  const sourceLanguage = source?.language ?? 'en';
  const insertTranslation = db.prepare(
    `INSERT INTO translations (id, organization_id, source_space_id, source_language, language,
       instructions, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const instructions = (text: string) =>
    JSON.stringify({
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          key: 'p1',
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
        },
      ],
    });
  const [completed, pending] = ['fr', 'de', 'es', 'it'].filter((l) => l !== sourceLanguage);
  const french = ws.ids.next();
  insertTranslation.run(
    french,
    organizationId,
    sourceId,
    sourceLanguage,
    completed,
    instructions('Tutoyer le lecteur ; garder les noms de produits en anglais.'),
    now,
    now,
  );
  performTranslationRun(ws, french, ws.clock.now().getTime() - 48_000);
  insertTranslation.run(
    ws.ids.next(),
    organizationId,
    sourceId,
    sourceLanguage,
    pending,
    instructions('Formal register (Sie); keep code samples untranslated.'),
    now,
    now,
  );
}
