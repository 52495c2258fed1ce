import type { ListPage } from '../../contract/common.ts';
import {
  type ConversationIssue,
  type ConversationIssueEntry,
  type IssuesCluster,
  WEEKLY_PULSE_WEEKS,
} from '../../contract/conversations.ts';
import type { Workspace } from '../context.ts';
import { keysetPage, mapPage, type OrderColumn } from '../paging.ts';
import { type Impact, weeklyPulse } from './clustering.ts';
import {
  CONVERSATION_COLUMNS,
  type ConversationRow,
  conversationJson,
  orgPath,
  textDocument,
} from './conversations.ts';

interface ClusterRow {
  id: string;
  organization_id: string;
  seq: number;
  label: string;
  words: string;
  icon: string;
  muted: number;
  impact: Impact;
  impact_rank: number;
  created_at: string;
  updated_at: string;
}

interface IssueRow {
  id: string;
  organization_id: string;
  conversation_id: string;
  cluster_id: string;
  position: number;
  title: string;
  excerpt: string;
  impact: Impact;
  created_at: string;
  ingested_at: string;
}

const CLUSTER_COLUMNS = `id, organization_id, seq, label, words, icon, muted, impact, impact_rank,
  created_at, updated_at`;

function issueJson(ws: Workspace, row: IssueRow, conversation: ConversationRow): ConversationIssue {
  const about = conversation.subject
    ? `Reported in the conversation "${conversation.subject}" (${conversation.source}).`
    : `Reported in a conversation from ${conversation.source}.`;
  return {
    object: 'conversation-issue',
    id: row.id,
    title: row.title,
    details: textDocument(row.id, [row.excerpt, about]),
    impact: row.impact,
    createdAt: row.created_at,
    ingestedAt: row.ingested_at,
    conversation: row.conversation_id,
    cluster: row.cluster_id,
    urls: { location: `${orgPath(ws, row.organization_id)}/conversations-issues/${row.id}` },
  };
}

type IssueJoinRow = IssueRow & { [K in keyof ConversationRow as `c_${K}`]: ConversationRow[K] };

const ISSUE_SELECT = `SELECT i.id, i.organization_id, i.conversation_id, i.cluster_id, i.position,
  i.title, i.excerpt, i.impact, i.created_at, i.ingested_at,
  ${CONVERSATION_COLUMNS.split(',')
    .map((c) => `c.${c.trim()} AS c_${c.trim()}`)
    .join(', ')}
  FROM conversation_issues i
  JOIN conversations c ON c.organization_id = i.organization_id AND c.id = i.conversation_id`;

function splitIssueRow(row: IssueJoinRow): { issue: IssueRow; conversation: ConversationRow } {
  const conversation = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('c_')) conversation[key.slice(2)] = value;
  }
  return { issue: row, conversation: conversation as unknown as ConversationRow };
}

function issueEntry(ws: Workspace, row: IssueJoinRow): ConversationIssueEntry {
  const { issue, conversation } = splitIssueRow(row);
  return {
    issue: issueJson(ws, issue, conversation),
    conversation: conversationJson(ws, conversation),
  };
}

/** The organization's issues, newest first, optionally of one cluster and/or conversation. */
export function listIssues(
  ws: Workspace,
  organizationId: string,
  options: {
    cluster?: string | undefined;
    conversation?: string | undefined;
    limit: number;
    page?: string | undefined;
  },
): ListPage<ConversationIssueEntry> {
  const where = ['i.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (options.cluster !== undefined) {
    where.push('i.cluster_id = ?');
    params.push(options.cluster);
  }
  if (options.conversation !== undefined) {
    where.push('i.conversation_id = ?');
    params.push(options.conversation);
  }
  const page = keysetPage<IssueJoinRow>(ws.db, {
    select: ISSUE_SELECT,
    where,
    params,
    orderBy: [
      { column: 'i.created_at', dir: 'desc' },
      { column: 'i.id', dir: 'desc' },
    ],
    keyOf: (row: IssueJoinRow) => [row.created_at, row.id],
    limit: options.limit,
    page: options.page,
    scope: `conversation-issues:${organizationId}:${JSON.stringify([options.cluster ?? null, options.conversation ?? null])}`,
  });
  return mapPage(page, (row) => issueEntry(ws, row));
}

/** One issue with its conversation, or undefined. */
export function getIssue(
  ws: Workspace,
  organizationId: string,
  issueId: string,
): ConversationIssueEntry | undefined {
  const row = ws.db
    .prepare(`${ISSUE_SELECT} WHERE i.organization_id = ? AND i.id = ?`)
    .get(organizationId, issueId) as IssueJoinRow | undefined;
  return row ? issueEntry(ws, row) : undefined;
}

function clusterJson(ws: Workspace, row: ClusterRow): IssuesCluster {
  const db = ws.db;
  const stats = db
    .prepare(
      `SELECT count(*) AS issues, count(DISTINCT conversation_id) AS conversations
       FROM conversation_issues WHERE cluster_id = ?`,
    )
    .get(row.id) as { issues: number; conversations: number };
  const sourceRows = db
    .prepare(
      `SELECT c.source, count(DISTINCT c.id) AS n FROM conversation_issues i
       JOIN conversations c ON c.organization_id = i.organization_id AND c.id = i.conversation_id
       WHERE i.cluster_id = ? GROUP BY c.source ORDER BY c.source`,
    )
    .all(row.id) as Array<{ source: string; n: number }>;
  const times = (
    db
      .prepare('SELECT created_at FROM conversation_issues WHERE cluster_id = ?')
      .all(row.id) as Array<{
      created_at: string;
    }>
  ).map((r) => r.created_at);
  const latest = db
    .prepare(
      'SELECT title FROM conversation_issues WHERE cluster_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
    )
    .get(row.id) as { title: string } | undefined;
  const summary = [
    `${stats.issues} ${stats.issues === 1 ? 'issue' : 'issues'} from ${stats.conversations} ${
      stats.conversations === 1 ? 'conversation' : 'conversations'
    } about "${row.label}" (impact ${row.impact}).`,
  ];
  if (latest) summary.push(`Most recent: "${latest.title}".`);
  return {
    object: 'issues-cluster',
    id: row.id,
    label: row.label,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    icon: row.icon,
    summary: textDocument(row.id, summary),
    muted: row.muted === 1,
    impact: row.impact,
    weeklyPulse: weeklyPulse(times, ws.clock.now(), WEEKLY_PULSE_WEEKS),
    sources: Object.fromEntries(sourceRows.map((r) => [r.source, r.n])),
    stats,
    urls: { location: `${orgPath(ws, row.organization_id)}/conversations-clusters/${row.id}` },
  };
}

const CLUSTER_SORT: Record<'updatedAt' | 'createdAt' | 'impact', string> = {
  updatedAt: 'updated_at',
  createdAt: 'created_at',
  impact: 'impact_rank',
};

/** The organization's clusters, sorted by `orderBy` in `order` (then by id). */
export function listClusters(
  ws: Workspace,
  organizationId: string,
  options: {
    order: 'asc' | 'desc';
    orderBy: 'updatedAt' | 'createdAt' | 'impact';
    limit: number;
    page?: string | undefined;
  },
): ListPage<IssuesCluster> {
  const column = CLUSTER_SORT[options.orderBy];
  const orderBy: OrderColumn[] = [
    { column, dir: options.order },
    { column: 'id', dir: options.order },
  ];
  const page = keysetPage<ClusterRow>(ws.db, {
    select: `SELECT ${CLUSTER_COLUMNS} FROM conversation_clusters`,
    where: ['organization_id = ?'],
    params: [organizationId],
    orderBy,
    keyOf: (row: ClusterRow) => [row[column as keyof ClusterRow] as string | number, row.id],
    limit: options.limit,
    page: options.page,
    scope: `conversation-clusters:${organizationId}:${options.orderBy}:${options.order}`,
  });
  return mapPage(page, (row) => clusterJson(ws, row));
}

function getClusterRow(ws: Workspace, organizationId: string, id: string): ClusterRow | undefined {
  return ws.db
    .prepare(
      `SELECT ${CLUSTER_COLUMNS} FROM conversation_clusters WHERE organization_id = ? AND id = ?`,
    )
    .get(organizationId, id) as ClusterRow | undefined;
}

/** One cluster, or undefined. */
export function getCluster(
  ws: Workspace,
  organizationId: string,
  id: string,
): IssuesCluster | undefined {
  const row = getClusterRow(ws, organizationId, id);
  return row ? clusterJson(ws, row) : undefined;
}

/** Mutes or unmutes a cluster; undefined when it does not exist. */
export function setClusterMuted(
  ws: Workspace,
  organizationId: string,
  id: string,
  muted: boolean,
): IssuesCluster | undefined {
  const result = ws.db
    .prepare(
      'UPDATE conversation_clusters SET muted = ?, updated_at = ? WHERE organization_id = ? AND id = ?',
    )
    .run(muted ? 1 : 0, ws.now(), organizationId, id);
  return result.changes > 0 ? getCluster(ws, organizationId, id) : undefined;
}
