import type { IngestConversationBody } from '../../contract/conversations.ts';
import { setClusterMuted } from '../store/conversationIssues.ts';
import { ingestConversation } from '../store/conversations.ts';
import type { DemoContext } from './context.ts';

/** Number of demo conversations at scale 1. */
export const DEMO_CONVERSATIONS = 220;

interface Topic {
  subject: string;
  /** Weight of the topic among the conversations. */
  weight: number;
  /** Ways customers phrase the problem; all of them fall in one cluster. */
  phrasings: string[];
}

/** Support topics; their phrasings share their topic words, so each forms one cluster. */
export const DEMO_TOPICS: readonly Topic[] = [
  {
    subject: 'SSO login',
    weight: 30,
    phrasings: [
      "I can't log in with SSO.",
      'We cannot log in with SSO, the whole team is blocked.',
      'SSO log in is broken for us.',
    ],
  },
  {
    subject: 'PDF export',
    weight: 26,
    phrasings: [
      'Exporting a page to PDF fails with an error.',
      'The PDF export of a page is broken.',
      'PDF export fails on long pages.',
    ],
  },
  {
    subject: 'API rate limits',
    weight: 22,
    phrasings: [
      'The rate limits of the API are unclear.',
      'How do I find the API rate limits?',
      'Where are the API rate limits documented?',
    ],
  },
  {
    subject: 'Webhook signatures',
    weight: 18,
    phrasings: [
      'Webhook signature verification fails.',
      'Our webhook signature verification keeps failing with an error.',
      'How do I verify the webhook signature?',
    ],
  },
  {
    subject: 'Search results',
    weight: 15,
    phrasings: [
      'Search is missing results for recent pages.',
      'Search results are missing new pages.',
      'Recent pages are missing from search results.',
    ],
  },
  {
    subject: 'Invoices',
    weight: 12,
    phrasings: [
      'Where can I find my invoices?',
      "I can't find the invoice for last month.",
      'How do I find an old invoice?',
    ],
  },
  {
    subject: 'Custom domain',
    weight: 9,
    phrasings: [
      'Custom domain outage: the site is down.',
      'Outage on our custom domain site.',
      'The custom domain site is down, urgent outage.',
    ],
  },
  {
    subject: 'Editor crash',
    weight: 8,
    phrasings: [
      'The editor crashes when I paste a table.',
      'Pasting a table crashes the editor.',
      'Editor crashed after pasting a big table.',
    ],
  },
  {
    subject: 'Guest invitations',
    weight: 6,
    phrasings: [
      'It is unclear how to invite guests to a space.',
      'How do I invite guests to a space?',
      'Inviting guests to a space is confusing.',
    ],
  },
  {
    subject: 'GitHub sync',
    weight: 5,
    phrasings: [
      'GitHub sync fails with a merge error.',
      'The GitHub sync is broken after a merge.',
      'GitHub sync fails after every merge.',
    ],
  },
];

const SOURCES = ['intercom', 'zendesk', 'slack'] as const;
const GREETINGS = ['Hi team, ', 'Hello, ', '', 'Hey there! ', 'Good morning, '];
const AGENT_REPLIES = [
  'Thanks for reaching out! Could you share the exact error message you see?',
  'Sorry about that. We are looking into it and will get back to you shortly.',
  'Thanks, I have passed this on to the team; a fix is on its way.',
];
const CLOSINGS = ['Thanks!', 'Appreciate the help.', 'Let me know if you need more details.'];

function pickTopic(index: number): number {
  const total = DEMO_TOPICS.reduce((sum, t) => sum + t.weight, 0);
  let point = (index * 7919 + 13) % total;
  for (let i = 0; i < DEMO_TOPICS.length; i++) {
    const weight = (DEMO_TOPICS[i] as Topic).weight;
    if (point < weight) return i;
    point -= weight;
  }
  return 0;
}

/** The demo conversation number `index` of `count` (fixed data, spread over the last 13 weeks). */
export function demoConversation(
  index: number,
  count: number,
  now: Date,
): IngestConversationBody & { id: string } {
  const topicIndex = pickTopic(index);
  const topic = DEMO_TOPICS[topicIndex] as Topic;
  const phrasing = topic.phrasings[Math.floor(index / 10) % topic.phrasings.length] as string;
  const source = SOURCES[index % SOURCES.length] as string;
  // Spread over 90 days, recent weeks busier (quadratic spacing).
  const daysAgo = 90 * (index / count) ** 2;
  const createdAt = new Date(now.getTime() - daysAgo * 86_400_000 - (index % 24) * 3_600_000);
  const parts: IngestConversationBody['parts'] = [
    {
      type: 'message',
      role: 'user',
      body: `${GREETINGS[index % GREETINGS.length]}${phrasing} ${CLOSINGS[index % CLOSINGS.length]}`,
    },
    {
      type: 'message',
      role: 'assistant',
      body: AGENT_REPLIES[index % AGENT_REPLIES.length] as string,
    },
  ];
  if (index % 7 === 3) {
    const other = DEMO_TOPICS[(topicIndex + 3) % DEMO_TOPICS.length] as Topic;
    parts.push({ type: 'message', role: 'user', body: `One more thing. ${other.phrasings[0]}` });
  } else if (index % 5 === 4) {
    parts.push({ type: 'message', role: 'user', body: 'Great, that works now. Thank you!' });
  }
  const community = index % 11 === 10;
  const metadata: NonNullable<IngestConversationBody['metadata']> = community
    ? { url: `https://community.acme.test/t/${5000 + index}`, createdAt: createdAt.toISOString() }
    : {
        url: `https://support.acme.test/${source}/${10_000 + index}`,
        attributes: { source, plan: index % 4 === 0 ? 'enterprise' : 'pro' },
        createdAt: createdAt.toISOString(),
      };
  return {
    id: `${community ? 'community' : source}-${10_000 + index}`,
    subject: topic.subject,
    metadata,
    parts,
  };
}

/**
 * At least 220 conversations (times the scale), ingested through the same extraction and
 * clustering as the API; the "Invoices" cluster is muted.
 */
export function seedConversations(demo: DemoContext): void {
  const { ws, organizationId } = demo;
  if (!organizationId) return;
  const count = DEMO_CONVERSATIONS * demo.scale;
  const now = ws.clock.now();
  for (let i = 0; i < count; i++)
    ingestConversation(ws, organizationId, demoConversation(i, count, now));
  const invoices = ws.db
    .prepare(
      `SELECT c.id FROM conversation_clusters c WHERE c.organization_id = ? AND c.words LIKE '%invoic%'
       ORDER BY c.seq LIMIT 1`,
    )
    .get(organizationId) as { id: string } | undefined;
  if (invoices) setClusterMuted(ws, organizationId, invoices.id, true);
}
