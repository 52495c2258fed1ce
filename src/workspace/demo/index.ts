import type { Workspace } from '../context.ts';
import { seededIds } from '../ids.ts';
import { seedComments } from './comments.ts';
import { seedContent } from './content.ts';
import type { DemoContext } from './context.ts';
import { seedConversations } from './conversations.ts';
import { seedCore } from './core.ts';
import { seedOpenApi } from './openapi.ts';
import { seedSamlTranslations } from './samlTranslations.ts';
import { seedSites } from './sites.ts';
import { seedTeams } from './teams.ts';
import type { DemoPersona } from './users.ts';
import { seedUsers } from './users.ts';

type Seeder = (demo: DemoContext) => void;

/** Domain seeders, in dependency order. */
export const demoSeeders: Seeder[] = [
  seedCore,
  seedContent,
  seedComments,
  seedOpenApi,
  seedConversations,
  seedTeams,
  seedSamlTranslations,
  seedSites,
];

/** True when the database holds no organization yet. */
export function isEmpty(ws: Workspace): boolean {
  return !ws.db.prepare('SELECT 1 FROM organizations LIMIT 1').get();
}

/** Loads the deterministic demo data in one transaction. */
export function seedDemo(ws: Workspace, options: { scale?: number } = {}): DemoContext {
  const seeded: Workspace = { ...ws, ids: seededIds(20260115) };
  const demo: DemoContext = {
    ws: seeded,
    scale: Math.max(1, Math.floor(options.scale ?? 1)),
    users: {} as Record<DemoPersona, string>,
    extraUsers: [],
    organizationId: '',
    secondOrganizationId: '',
    collectionIds: [],
    spaceIds: [],
    teamIds: [],
  };
  ws.db.transaction(() => {
    demo.users = seedUsers(seeded);
    for (const seeder of demoSeeders) seeder(demo);
  })();
  return demo;
}
