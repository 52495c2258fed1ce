import type { Document, ListPage } from '../../contract/common.ts';
import type {
  Conversation,
  ConversationDetail,
  IngestConversationBody,
} from '../../contract/conversations.ts';
import type { Workspace } from '../context.ts';
import { keysetPage, mapPage } from '../paging.ts';
import {
  bestCluster,
  dominantImpact,
  extractIssues,
  highestImpact,
  IMPACT_RANK,
  type Impact,
  iconFor,
} from './clustering.ts';

/** A row of `conversations`. */
export interface ConversationRow {
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

/** The columns of `conversations`, in insertion order. */
export const CONVERSATION_COLUMNS = `organization_id, id, subject, source, impact, url, attributes,
  metadata_created_at, parts, created_at, processed_at`;

/** The `/v1` address of an organization. */
export function orgPath(ws: Workspace, organizationId: string): string {
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
export function textDocument(keyPrefix: string, paragraphs: string[]): Document {
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

/** The `Conversation` shape of a row. */
export function conversationJson(ws: Workspace, row: ConversationRow): Conversation {
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
