import type { Role } from '../../contract/common.ts';
import { DAY_MS } from '../clock.ts';
import type { Workspace } from '../context.ts';
import { insertSpace } from '../store/spaceWrites.ts';
import type { DemoContext } from './context.ts';
import { insertUser } from './users.ts';

const EXTRA_USERS: ReadonlyArray<[string, Role | null]> = [
  ['Mina Okafor', 'edit'],
  ['Lars Henriksen', 'read'],
  ['Priya Raman', 'review'],
  ['Tomás Ibarra', 'comment'],
  ['Hana Sato', 'edit'],
  ['Grace Whitfield', 'read'],
  ['Yusuf Demir', 'create'],
  ['Chloé Martin', 'read'],
  ['Noah Feldman', 'comment'],
  ['Aiko Tanaka', 'edit'],
  ['Bruno Costa', 'read'],
  ['Ingrid Nilsen', 'admin'],
  ['Kwame Mensah', 'read'],
  ['Lucía Ortega', 'review'],
  ['Omar Haddad', 'edit'],
  ['Petra Novak', null],
  ['Ravi Shankar', 'read'],
  ['Sofia Rossi', 'comment'],
  ['Teo Lindqvist', 'read'],
  ['Zara Ahmed', 'edit'],
];

type CollectionSeed = {
  key: string;
  title: string;
  description?: string;
  parent?: string;
  defaultLevel?: Role;
};

const COLLECTIONS: ReadonlyArray<CollectionSeed> = [
  { key: 'product', title: 'Product', description: 'Everything customers read' },
  { key: 'guides', title: 'Guides', parent: 'product', description: 'Task-oriented guides' },
  { key: 'tutorials', title: 'Tutorials', parent: 'guides' },
  { key: 'api', title: 'API', parent: 'product', description: 'Reference and SDKs' },
  { key: 'engineering', title: 'Engineering', description: 'How we build and run things' },
  { key: 'runbooks', title: 'Runbooks', parent: 'engineering', defaultLevel: 'edit' },
  {
    key: 'company',
    title: 'Company',
    description: 'Handbook, policies and people',
    defaultLevel: 'comment',
  },
];

type SpaceSeed = {
  title: string;
  emoji: string;
  collection?: string;
  visibility?: string;
  defaultLevel?: Role;
  locked?: boolean;
  language?: string;
};

const SPACES: ReadonlyArray<SpaceSeed> = [
  { title: 'Getting Started', emoji: '🚀', collection: 'guides', visibility: 'public' },
  { title: 'Installation Guide', emoji: '📦', collection: 'guides' },
  { title: 'Configuration Reference', emoji: '⚙️', collection: 'guides' },
  { title: 'First Project Tutorial', emoji: '🎓', collection: 'tutorials' },
  { title: 'Migrating from v1', emoji: '🧭', collection: 'tutorials' },
  { title: 'REST API Reference', emoji: '🔌', collection: 'api', visibility: 'public' },
  { title: 'JavaScript SDK', emoji: '🟨', collection: 'api', visibility: 'unlisted' },
  { title: 'Python SDK', emoji: '🐍', collection: 'api' },
  { title: 'Webhooks', emoji: '🪝', collection: 'api' },
  { title: 'Release Notes', emoji: '📣', collection: 'product', locked: true },
  { title: 'Product FAQ', emoji: '❓', collection: 'product' },
  { title: 'Partner Portal', emoji: '🤝', collection: 'product', visibility: 'share-link' },
  { title: 'Customer Docs (SSO)', emoji: '🔐', collection: 'product', visibility: 'visitor-auth' },
  { title: 'Architecture Overview', emoji: '🏗️', collection: 'engineering' },
  { title: 'Coding Standards', emoji: '📐', collection: 'engineering', defaultLevel: 'comment' },
  { title: 'Deployment Pipeline', emoji: '🚢', collection: 'engineering' },
  { title: 'Incident Response', emoji: '🚨', collection: 'runbooks' },
  { title: 'Database Operations', emoji: '🗄️', collection: 'runbooks' },
  { title: 'On-call Handbook', emoji: '📟', collection: 'runbooks' },
  { title: 'Employee Handbook', emoji: '📘', collection: 'company' },
  { title: 'Benefits and Leave', emoji: '🌴', collection: 'company' },
  { title: 'Security Policies', emoji: '🛡️', collection: 'company' },
  { title: 'Onboarding Checklist', emoji: '✅', collection: 'company', defaultLevel: 'edit' },
  { title: 'Design System', emoji: '🎨', defaultLevel: 'comment' },
  { title: 'Brand Guidelines', emoji: '🖌️' },
  { title: 'Meeting Notes', emoji: '📝', defaultLevel: 'edit' },
  { title: 'Team Rituals', emoji: '🗓️' },
  { title: 'Documentation Style Guide', emoji: '✍️' },
  { title: 'Glossary', emoji: '📖', visibility: 'public' },
  { title: 'Guía de inicio', emoji: '🇪🇸', collection: 'guides', language: 'es' },
];

function at(ws: Workspace, daysAgo: number): string {
  return new Date(ws.clock.now().getTime() - daysAgo * DAY_MS).toISOString();
}

function insertOrganization(
  ws: Workspace,
  input: {
    title: string;
    hostname: string;
    emailDomains: string[];
    plan: string;
    createdAt: string;
    mergeRules?: unknown;
    extra: Record<string, unknown>;
  },
): string {
  const id = ws.ids.next();
  ws.db
    .prepare(
      `INSERT INTO organizations (id, title, created_at, email_domains, hostname, type, use_case,
         default_role, plan, merge_rules, extra)
       VALUES (?, ?, ?, ?, ?, 'business', 'internalDocs', 'read', ?, ?, ?)`,
    )
    .run(
      id,
      input.title,
      input.createdAt,
      JSON.stringify(input.emailDomains),
      input.hostname,
      input.plan,
      JSON.stringify(input.mergeRules ?? { type: 'rules', rules: [] }),
      JSON.stringify(input.extra),
    );
  return id;
}

function addMember(
  ws: Workspace,
  organizationId: string,
  userId: string,
  role: Role | null,
  joinedAt: string,
  lastSeenAt: string | null,
): void {
  ws.db
    .prepare(
      'INSERT INTO members (organization_id, user_id, role, joined_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
    )
    .run(organizationId, userId, role, joinedAt, lastSeenAt);
}

/** Organizations, members, collections and spaces of the demo. */
export function seedCore(demo: DemoContext): void {
  const { ws } = demo;
  const billing = {
    interval: 'yearly',
    endDate: at(ws, -200),
    hasPaymentFailed: false,
    isScheduledToCancel: false,
    pricing: {
      members: {
        plus_2024: { monthly: 8, yearly: 80 },
        pro_2024: { monthly: 12, yearly: 120 },
      },
      sites: { premium: { monthly: 65, yearly: 650 }, ultimate: { monthly: 249, yearly: 2490 } },
    },
    usageAddons: { ai: { enabled: true } },
    minUsers: 5,
    maxUsers: 100,
    paidMembers: 6 + EXTRA_USERS.length,
  };
  demo.organizationId = insertOrganization(ws, {
    title: 'Acme Docs',
    hostname: 'acme',
    emailDomains: ['acme.test'],
    plan: 'pro_2024',
    createdAt: at(ws, 400),
    mergeRules: {
      type: 'rules',
      rules: [{ rule: 'require_specific_reviewers', users: [demo.users.review] }],
    },
    extra: { billing, trial: { status: 'notapplicable', count: 0 } },
  });
  demo.secondOrganizationId = insertOrganization(ws, {
    title: 'Globex Handbook',
    hostname: 'globex',
    emailDomains: ['globex.test'],
    plan: 'free_2024',
    createdAt: at(ws, 120),
    extra: {
      trial: { status: 'ended', count: 1, endDate: at(ws, 90), decision: 'downgrade' },
    },
  });
  const org = demo.organizationId;

  const personas: Role[] = ['admin', 'create', 'review', 'edit', 'comment', 'read'];
  personas.forEach((role, i) => {
    addMember(ws, org, demo.users[role], role, at(ws, 390 - i * 10), at(ws, i));
  });
  addMember(ws, demo.secondOrganizationId, demo.users.admin, 'admin', at(ws, 120), null);
  addMember(ws, demo.secondOrganizationId, demo.users.create, 'edit', at(ws, 100), null);

  EXTRA_USERS.forEach(([name, role], i) => {
    const email = `${name
      .normalize('NFD')
      .replace(/[^A-Za-z ]/g, '')
      .toLowerCase()
      .replace(/ /g, '.')}@acme.test`;
    const userId = insertUser(ws, { displayName: name, email });
    demo.extraUsers.push(userId);
    addMember(ws, org, userId, role, at(ws, 300 - i * 12), i % 3 === 2 ? null : at(ws, i % 9));
  });
  // One former colleague keeps a disabled membership.
  const disabledUser = demo.extraUsers[demo.extraUsers.length - 1];
  if (disabledUser) {
    ws.db
      .prepare('UPDATE members SET disabled = 1 WHERE organization_id = ? AND user_id = ?')
      .run(org, disabledUser);
  }
  ws.db
    .prepare('INSERT INTO link_invites (id, organization_id, role, created_at) VALUES (?, ?, ?, ?)')
    .run(ws.ids.next(), org, 'read', at(ws, 30));

  const collections = new Map<string, string>();
  COLLECTIONS.forEach((seed, i) => {
    const id = ws.ids.next();
    const createdAt = at(ws, 380 - i);
    ws.db
      .prepare(
        `INSERT INTO collections (id, organization_id, parent_id, title, description, default_level,
           position, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        org,
        seed.parent ? (collections.get(seed.parent) ?? null) : null,
        seed.title,
        seed.description ?? null,
        seed.defaultLevel ?? null,
        i + 1,
        createdAt,
        createdAt,
      );
    collections.set(seed.key, id);
    demo.collectionIds.push(id);
  });

  const total = SPACES.length * demo.scale;
  for (let n = 0; n < total; n++) {
    const seed = SPACES[n % SPACES.length] as SpaceSeed;
    const round = Math.floor(n / SPACES.length);
    // Copies made for larger scales are ordinary private spaces, so only one share-link and one
    // visitor-auth space exist.
    const visibility = round === 0 ? seed.visibility : undefined;
    const row = insertSpace(ws, {
      organizationId: org,
      title: round === 0 ? seed.title : `${seed.title} ${round + 1}`,
      emoji: seed.emoji,
      parentId: seed.collection ? (collections.get(seed.collection) ?? null) : null,
      ...(visibility ? { visibility } : {}),
      language: seed.language ?? 'en',
      defaultLevel: seed.defaultLevel ?? null,
    });
    const createdAt = at(ws, 360 - ((n * 7) % 350));
    ws.db
      .prepare(
        'UPDATE spaces SET created_at = ?, updated_at = ?, edit_mode = ?, share_key = ? WHERE id = ?',
      )
      .run(
        createdAt,
        at(ws, (n * 3) % 40),
        seed.locked && round === 0 ? 'locked' : 'live',
        visibility === 'share-link' ? 'acme-partner-preview' : null,
        row.id,
      );
    demo.spaceIds.push(row.id);
  }

  const deleted = insertSpace(ws, {
    organizationId: org,
    title: 'Old Intranet (archived)',
    emoji: '🗑️',
    language: 'en',
  });
  ws.db
    .prepare('UPDATE spaces SET created_at = ?, deleted_at = ? WHERE id = ?')
    .run(at(ws, 500), at(ws, 2), deleted.id);

  insertSpace(ws, {
    organizationId: demo.secondOrganizationId,
    title: 'Globex Employee Handbook',
    emoji: '🌐',
    language: 'en',
  });
}
