/**
 * Issue extraction and clustering of ingested conversations. The method is deterministic: the
 * same conversations ingested in the same order always give the same issues and clusters.
 *
 * 1. Issues. Only messages of the customer side count (roles `user`, `customer`, `visitor`,
 *    `end-user`, `contact`, `lead`, compared case-insensitively). Each message is split into
 *    sentences (at `.`, `!`, `?` followed by a space, and at line breaks). A sentence of 8 to 1000
 *    characters is an issue when it expresses a problem, i.e. contains one of PROBLEM_MARKERS
 *    ("can't", "cannot", "error", "fails", "how do I", "missing", "broken", "unclear", ...).
 *    Its title is the sentence normalized: whitespace collapsed, a leading greeting ("Hi,") and
 *    trailing punctuation removed, the first letter capitalized, cut at 200 characters. The same
 *    title appears once per conversation; at most 10 issues are taken from one conversation.
 * 2. Impact of an issue, from keywords: `high` (blocked, cannot, can't, urgent, outage, down,
 *    crash, data loss, production), else `medium` (error, fails, failed, wrong, broken, bug,
 *    timeout, not working), else `low`.
 * 3. Words of a title: lowercased, split at anything but letters and digits (apostrophes are
 *    dropped first, so "can't" is "cant"), stop words removed, then stemmed by suffix stripping
 *    (one of `ies`->`y`, `(x|z|ch|sh|ss)es`, `s`, `ing`, `ed` when at least 3 letters remain,
 *    then a final `e` of a word of 4 letters or more). Problem words
 *    (PROBLEM_WORDS: cant, error, fail, ...) are removed as well, so that clusters form around the
 *    topic; when nothing remains, the words before that removal are used.
 * 4. Clusters. An issue joins the existing cluster of the organization (muted or not) whose
 *    label word set has the highest Jaccard similarity |A ∩ B| / |A ∪ B| with the issue's word set,
 *    when that similarity is at least 0.5; ties go to the oldest cluster. Otherwise a new cluster
 *    is created, labelled with the issue's title and given an icon from the topic words. A cluster
 *    left without issues (after a conversation is re-ingested) is deleted.
 * 5. A cluster's impact is its issues' most frequent impact, ties going to the higher one; a
 *    conversation's impact is the highest of its issues'. `stats` counts the cluster's issues and
 *    distinct conversations, `sources` its distinct conversations by source, and `weeklyPulse`
 *    its issues by week (see `weeklyPulse`), computed when read.
 */

export type Impact = 'low' | 'medium' | 'high';

export const IMPACT_RANK: Record<Impact, number> = { low: 1, medium: 2, high: 3 };

/** Phrases that make a sentence an issue (matched on the lowercased sentence). */
export const PROBLEM_MARKERS: readonly RegExp[] = [
  /\bcan'?t\b/,
  /\bcan ?not\b/,
  /\bunable to\b/,
  /\berrors?\b/,
  /\bfail(s|ed|ing|ure)?\b/,
  /\bhow (do|can|should) (i|we)\b/,
  /\bmissing\b/,
  /\bbroken\b/,
  /\bunclear\b/,
  /\bconfus(ing|ed)\b/,
  /\b(doesn'?t|does not|don'?t|do not|isn'?t|is not|won'?t|will not) (work|load|show|save|sync|appear|render)/,
  /\bnot working\b/,
  /\bwrong\b/,
  /\bblocked\b/,
  /\boutage\b/,
  /\bcrash(es|ed|ing)?\b/,
  /\btime[ds]? ?out\b/,
  /\bstuck\b/,
  /\bbug\b/,
  /\bno way to\b/,
  /\bwhere (is|are|can i find)\b/,
  /\b(404|500|502|503)\b/,
];

const HIGH_MARKERS = [
  /\bblock(ed|ing|er)\b/,
  /\bcan ?not\b/,
  /\bcan'?t\b/,
  /\bunable to\b/,
  /\burgent(ly)?\b/,
  /\boutage\b/,
  /\bdown\b/,
  /\bcrash(es|ed|ing)?\b/,
  /\bdata loss\b/,
  /\bproduction\b/,
];
const MEDIUM_MARKERS = [
  /\berrors?\b/,
  /\bfail(s|ed|ing|ure)?\b/,
  /\bwrong\b/,
  /\bbroken\b/,
  /\bbug\b/,
  /\btime[ds]? ?out\b/,
  /\bnot working\b/,
  /\b(doesn'?t|does not) work\b/,
];

const CUSTOMER_ROLES = new Set(['user', 'customer', 'visitor', 'end-user', 'contact', 'lead']);

const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being below
  between both but by could did do does doing done each even every few for from further get gets
  getting got had has have having he her here hers him his how i if im in into is it its itself ive
  just let me more most my myself need needs no nor not now of off on once only or other our ours
  out over own please same she should so some still such than thank thanks that the their them then
  there these they this those through to too try tried trying under until up us very via want was
  we were what when where which while who whom why will with would yes yet you your yours hi hello
  hey there any anyone someone something anything way really ok okay`.split(/\s+/),
);

/** Words that say "there is a problem" rather than what it is about (compared stemmed). */
const PROBLEM_WORDS = new Set(
  `cant cannot can unable error errors fail fails failed failing failure missing broken unclear
  confusing confused doesnt dont isnt wont work works working wrong blocked blocking stuck bug issue
  issues problem problems urgent`
    .split(/\s+/)
    .map((w) => stem(w)),
);

/**
 * Suffix-stripping stemmer (plural and verb endings, then a final `e`), enough for word-set
 * matching: `pages`, `page` -> `pag`; `exporting`, `exported`, `exports` -> `export`.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('es') && /(x|z|ch|sh|ss)es$/.test(w) && w.length - 2 >= 3) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w) && w.length - 1 >= 3) w = w.slice(0, -1);
  else if (w.endsWith('ing') && w.length - 3 >= 3) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length - 2 >= 3) w = w.slice(0, -2);
  if (w.length >= 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The normalized word set of a title (step 3 above), sorted. */
export function wordSet(title: string): string[] {
  const words = title
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && !STOP_WORDS.has(w))
    .map(stem);
  const topical = words.filter((w) => !PROBLEM_WORDS.has(w));
  return [...new Set(topical.length > 0 ? topical : words)].sort();
}

/** Jaccard similarity of two word sets (0 when both are empty). */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  const setB = new Set(b);
  let common = 0;
  for (const word of new Set(a)) if (setB.has(word)) common++;
  return common / (new Set([...a, ...b]).size || 1);
}

/** Impact of an issue sentence (step 2 above). */
export function impactOf(sentence: string): Impact {
  const text = sentence.toLowerCase();
  if (HIGH_MARKERS.some((re) => re.test(text))) return 'high';
  if (MEDIUM_MARKERS.some((re) => re.test(text))) return 'medium';
  return 'low';
}

/** The most frequent impact, ties going to the higher one; `low` for none. */
export function dominantImpact(impacts: readonly Impact[]): Impact {
  const counts: Record<Impact, number> = { low: 0, medium: 0, high: 0 };
  for (const impact of impacts) counts[impact]++;
  let best: Impact = 'low';
  for (const impact of ['low', 'medium', 'high'] as const) {
    if (counts[impact] > 0 && counts[impact] >= counts[best]) best = impact;
  }
  return best;
}

/** The highest impact, or undefined for none. */
export function highestImpact(impacts: readonly Impact[]): Impact | undefined {
  let best: Impact | undefined;
  for (const impact of impacts) if (!best || IMPACT_RANK[impact] > IMPACT_RANK[best]) best = impact;
  return best;
}

export function isCustomerRole(role: string): boolean {
  return CUSTOMER_ROLES.has(role.trim().toLowerCase());
}

/** A sentence as an issue title (step 1 above). */
export function normalizeTitle(sentence: string): string {
  let title = sentence.replace(/\s+/g, ' ').trim();
  title = title.replace(
    /^(hi|hello|hey|hiya|good (morning|afternoon|evening))( there| team| all)?[,!.:\s]+/i,
    '',
  );
  title = title.replace(/[\s.!?,;:…]+$/u, '');
  if (title.length > 200) title = `${title.slice(0, 199).trimEnd()}…`;
  return title.charAt(0).toUpperCase() + title.slice(1);
}

export interface ExtractedIssue {
  title: string;
  /** The sentence as written. */
  excerpt: string;
  impact: Impact;
  words: string[];
}

/** Issues of one conversation's messages (step 1 above). */
export function extractIssues(
  parts: ReadonlyArray<{ role: string; body: string }>,
): ExtractedIssue[] {
  const issues: ExtractedIssue[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    if (!isCustomerRole(part.role)) continue;
    for (const raw of part.body.split(/(?<=[.!?])\s+|\n+/)) {
      const sentence = raw.trim();
      if (sentence.length < 8 || sentence.length > 1000) continue;
      const lower = sentence.toLowerCase();
      if (!PROBLEM_MARKERS.some((re) => re.test(lower))) continue;
      const title = normalizeTitle(sentence);
      const key = title.toLowerCase();
      if (title.length === 0 || seen.has(key)) continue;
      seen.add(key);
      issues.push({ title, excerpt: sentence, impact: impactOf(sentence), words: wordSet(title) });
      if (issues.length >= 10) return issues;
    }
  }
  return issues;
}

/** The cluster an issue joins (step 4 above): index into `clusters`, or -1 for a new one. */
export function bestCluster(
  words: readonly string[],
  clusters: ReadonlyArray<{ words: readonly string[] }>,
): number {
  let best = -1;
  let bestScore = 0;
  clusters.forEach((cluster, index) => {
    const score = jaccard(words, cluster.words);
    if (score >= 0.5 && score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

const ICONS: ReadonlyArray<[RegExp, string]> = [
  [/^(api|webhook|endpoint|integration|sdk|request|rat|limit)$/, 'plug'],
  [/^(bill|billing|invoic|payment|pay|charg|refund|card|plan|subscription|pric)$/, 'credit-card'],
  [/^(login|log|signin|sso|saml|password|auth|token|2fa|mfa|session)$/, 'key'],
  [/^(export|pdf|download|import|upload|csv)$/, 'file-arrow-down'],
  [/^(permission|rol|access|invit|member|team|guest)$/, 'users'],
  [/^(git|github|gitlab|sync|merg|branch|commit)$/, 'code-branch'],
  [/^(domain|outag|down|dn|certificat|ssl)$/, 'globe'],
  [/^(search|find|index)$/, 'magnifying-glass'],
  [/^(editor|pag|doc|content|spac|publish|sit|tabl)$/, 'book'],
  [/^(slow|performanc|timeout|load|latency)$/, 'gauge'],
];

/** A cluster icon from its topic words (first match in ICONS), `circle-question` otherwise. */
export function iconFor(words: readonly string[]): string {
  for (const [re, icon] of ICONS) if (words.some((w) => re.test(w))) return icon;
  return 'circle-question';
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Start (Monday 00:00 UTC) of the week containing `at`. */
export function weekStart(at: Date): number {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (at.getUTCDay() + 6) % 7;
  return day - weekday * 24 * 60 * 60 * 1000;
}

/**
 * Counts per week of `weeks` consecutive weeks (Monday 00:00 UTC to Monday), the last being the
 * week containing `now`, oldest first. Times outside those weeks are not counted.
 */
export function weeklyPulse(times: readonly string[], now: Date, weeks: number): number[] {
  const counts = new Array<number>(weeks).fill(0);
  const lastStart = weekStart(now);
  const firstStart = lastStart - (weeks - 1) * WEEK_MS;
  for (const time of times) {
    const at = Date.parse(time);
    if (Number.isNaN(at) || at < firstStart || at >= lastStart + WEEK_MS) continue;
    const index = Math.floor((at - firstStart) / WEEK_MS);
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}
