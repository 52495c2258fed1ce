import type { Workspace } from '../context.ts';
import type { DemoPersona } from './users.ts';

/**
 * What the demo seeders share: each domain's seeder reads what earlier ones made and records
 * what it makes for later ones.
 */
export interface DemoContext {
  ws: Workspace;
  /** Multiplies spaces, pages and change requests (benchmarks). */
  scale: number;
  users: Record<DemoPersona, string>;
  /** Further users (organization members without a demo token). */
  extraUsers: string[];
  /** "Acme Docs". */
  organizationId: string;
  /** The second organization, target of transfers. */
  secondOrganizationId: string;
  collectionIds: string[];
  spaceIds: string[];
  teamIds: string[];
}
