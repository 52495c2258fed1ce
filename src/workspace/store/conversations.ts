import type { Document, ListPage } from '../../contract/common.ts';
import {
  type Conversation,
  type ConversationDetail,
  type ConversationIssue,
  type ConversationIssueEntry,
  type IngestConversationBody,
  type IssuesCluster,
  WEEKLY_PULSE_WEEKS,
} from '../../contract/conversations.ts';
import type { Workspace } from '../context.ts';
import { keysetPage, mapPage, type OrderColumn } from '../paging.ts';
import {
  bestCluster,
  dominantImpact,
  extractIssues,
  highestImpact,
  IMPACT_RANK,
  type Impact,
  iconFor,
  weeklyPulse,
} from './clustering.ts';

interface ConversationRow {
  organization_id: string;
  id: string;
  subject: string | null;
  source: string;
  impact: Impact | null;
  url: string | null;
  attributes: string;
  metadata_created_at: string | null;
  parts: string;
  created_at: string;
  processed_at: string;
}

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

const CONVERSATION_COLUMNS = `organization_id, id, subject, source, impact, url, attributes,
  metadata_created_at, parts, created_at, processed_at`;
const CLUSTER_COLUMNS = `id, organization_id, seq, label, words, icon, muted, impact, impact_rank,
  created_at, updated_at`;

function orgPath(ws: Workspace, organizationId: string): string {
  return `${ws.publicUrl}/v1/orgs/${organizationId}`;
}

function paragraph(key: string, text: string) {
  return {
    object: 'block',
    type: 'paragraph',
    key,
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
  };
}

/** A Document of plain paragraphs. */
function textDocument(keyPrefix: string, paragraphs: string[]): Document {
  return {
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: paragraphs.map((text, i) => paragraph(`${keyPrefix}-${i + 1}`, text)),
  };
}

/** Where a conversation comes from: `attributes.source`, else the URL's host, else `api`. */
export function sourceOf(metadata: IngestConversationBody['metadata']): string {
  const attribute = metadata?.attributes?.source?.trim();
  if (attribute) return attribute.slice(0, 200);
  if (metadata?.url) {
    try {
      const host = new URL(metadata.url).hostname;
      if (host) return host;
    } catch {
      // validated upstream; fall through
    }
  }
  return 'api';
}

/**
 * Ingests (or re-ingests, replacing it) a conversation: stores it, extracts its issues and puts
 * each in a cluster (see clustering.ts); returns the conversation id. Runs in one transaction.
 */
export function ingestConversation(
  ws: Workspace,
  organizationId: string,
  body: IngestConversationBody,
): string {
  const id = body.id ?? ws.ids.next();
  const now = ws.now();
  const createdAt = body.metadata?.createdAt
    ? new Date(body.metadata.createdAt).toISOString()
    : now;
  const db = ws.db;
  db.transaction(() => {
    const touched = new Set(
      (
        db
          .prepare(
            'SELECT DISTINCT cluster_id FROM conversation_issues WHERE organization_id = ? AND conversation_id = ?',
          )
          .all(organizationId, id) as Array<{ cluster_id: string }>
      ).map((r) => r.cluster_id),
    );
    db.prepare('DELETE FROM conversations WHERE organization_id = ? AND id = ?').run(
      organizationId,
      id,
    );
    const issues = extractIssues(body.parts);
    db.prepare(
      `INSERT INTO conversations (${CONVERSATION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      organizationId,
      id,
      body.subject ?? null,
      sourceOf(body.metadata),
      highestImpact(issues.map((i) => i.impact)) ?? null,
      body.metadata?.url ?? null,
      JSON.stringify(body.metadata?.attributes ?? {}),
      body.metadata?.createdAt ?? null,
      JSON.stringify(body.parts),
      createdAt,
      now,
    );
    if (issues.length === 0) {
      cleanClusters(ws, touched, now, new Set());
      return;
    }
    const clusters = (
      db
        .prepare(
          'SELECT id, seq, words FROM conversation_clusters WHERE organization_id = ? ORDER BY seq',
        )
        .all(organizationId) as Array<{ id: string; seq: number; words: string }>
    ).map((c) => ({ id: c.id, seq: c.seq, words: c.words.split(' ').filter(Boolean) }));
    const insertCluster = db.prepare(
      `INSERT INTO conversation_clusters (id, organization_id, seq, label, words, icon, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertIssue = db.prepare(
      `INSERT INTO conversation_issues (id, organization_id, conversation_id, cluster_id, position,
         title, excerpt, impact, created_at, ingested_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const joined = new Set<string>();
    issues.forEach((issue, position) => {
      const index = bestCluster(issue.words, clusters);
      let clusterId: string;
      if (index >= 0) {
        clusterId = (clusters[index] as { id: string }).id;
      } else {
        clusterId = ws.ids.next();
        const seq = (clusters[clusters.length - 1]?.seq ?? 0) + 1;
        insertCluster.run(
          clusterId,
          organizationId,
          seq,
          issue.title,
          issue.words.join(' '),
          iconFor(issue.words),
          now,
          now,
        );
        clusters.push({ id: clusterId, seq, words: issue.words });
      }
      joined.add(clusterId);
      touched.add(clusterId);
      insertIssue.run(
        ws.ids.next(),
        organizationId,
        id,
        clusterId,
        position,
        issue.title,
        issue.excerpt,
        issue.impact,
        createdAt,
        now,
      );
    });
    cleanClusters(ws, touched, now, joined);
  })();
  return id;
}

/** Recomputes the impact of the touched clusters, deletes those left empty. */
function cleanClusters(ws: Workspace, touched: Set<string>, now: string, joined: Set<string>) {
  const impacts = ws.db.prepare('SELECT impact FROM conversation_issues WHERE cluster_id = ?');
  for (const clusterId of touched) {
    const rows = impacts.all(clusterId) as Array<{ impact: Impact }>;
    if (rows.length === 0) {
      ws.db.prepare('DELETE FROM conversation_clusters WHERE id = ?').run(clusterId);
      continue;
    }
    const impact = dominantImpact(rows.map((r) => r.impact));
    ws.db
      .prepare(
        `UPDATE conversation_clusters SET impact = ?, impact_rank = ?,
           updated_at = CASE WHEN ? THEN ? ELSE updated_at END
         WHERE id = ?`,
      )
      .run(impact, IMPACT_RANK[impact], joined.has(clusterId) ? 1 : 0, now, clusterId);
  }
}

function conversationJson(ws: Workspace, row: ConversationRow): Conversation {
  return {
    object: 'conversation',
    id: row.id,
    ...(row.subject !== null ? { subject: row.subject } : {}),
    createdAt: row.created_at,
    processedAt: row.processed_at,
    source: row.source,
    ...(row.impact ? { impact: row.impact } : {}),
    urls: {
      location: `${orgPath(ws, row.organization_id)}/conversations/${encodeURIComponent(row.id)}`,
      ...(row.url ? { source: row.url } : {}),
    },
  };
}

function getConversationRow(
  ws: Workspace,
  organizationId: string,
  id: string,
): ConversationRow | undefined {
  return ws.db
    .prepare(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE organization_id = ? AND id = ?`,
    )
    .get(organizationId, id) as ConversationRow | undefined;
}

/** The organization's conversations, newest first, optionally of one source. */
export function listConversations(
  ws: Workspace,
  organizationId: string,
  options: { source?: string | undefined; limit: number; page?: string | undefined },
): ListPage<Conversation> {
  const where = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (options.source !== undefined) {
    where.push('source = ?');
    params.push(options.source);
  }
  const page = keysetPage<ConversationRow>(ws.db, {
    select: `SELECT ${CONVERSATION_COLUMNS} FROM conversations`,
    where,
    params,
    orderBy: [
      { column: 'created_at', dir: 'desc' },
      { column: 'id', dir: 'desc' },
    ],
    keyOf: (row: ConversationRow) => [row.created_at, row.id],
    limit: options.limit,
    page: options.page,
    scope: `conversations:${organizationId}:${options.source ?? ''}`,
  });
  return mapPage(page, (row) => conversationJson(ws, row));
}

/** One conversation with its parts and metadata, or undefined. */
export function getConversationDetail(
  ws: Workspace,
  organizationId: string,
  id: string,
): ConversationDetail | undefined {
  const row = getConversationRow(ws, organizationId, id);
  if (!row) return undefined;
  const parts = JSON.parse(row.parts) as ConversationDetail['parts'];
  return {
    conversation: conversationJson(ws, row),
    parts,
    metadata: {
      ...(row.url ? { url: row.url } : {}),
      attributes: JSON.parse(row.attributes) as Record<string, string>,
      createdAt: row.metadata_created_at ?? row.created_at,
    },
  };
}

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
