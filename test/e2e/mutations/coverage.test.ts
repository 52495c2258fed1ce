// Every mutation of the contract tables has its validation, not-found and forbidden rows.
import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/gateway/schema/index.ts';
import { commentRows, SCOPES, spaceCommentSuccessRows } from './commentRows.ts';
import { conversationRows } from './conversationRows.ts';
import { MUTATIONS, type Row } from './core.fixture.ts';
import { openapiRows } from './openapiRows.ts';
import { organizationRows, teamRows } from './organizationRows.ts';
import { siteRows } from './siteRows.ts';
import { siteSectionRows } from './siteSectionRows.ts';
import { siteSpaceRows } from './siteSpaceRows.ts';
import { type Kind, type Row as MatrixRow, MINE } from './sitesInsights.fixture.ts';
import { changeRequestRows, collectionRows, spaceRows } from './spaceRows.ts';
import { translationRows } from './translationRows.ts';

const ROWS: Row[] = [
  ...organizationRows,
  ...teamRows,
  ...collectionRows,
  ...spaceRows,
  ...changeRequestRows,
  ...SCOPES.flatMap(commentRows),
  ...spaceCommentSuccessRows,
];

describe('coverage of the organization, space and comment tables', () => {
  it('every listed mutation is in the schema and has validation, not-found and forbidden rows', () => {
    const fields = Object.keys(schema.getMutationType()?.getFields() ?? {});
    const listed = fields.filter((name) => MUTATIONS.includes(name));
    expect([...listed].sort()).toEqual([...MUTATIONS].sort());
    const gaps: string[] = [];
    for (const mutation of listed) {
      for (const kind of ['validation', 'notFound', 'forbidden'] as const) {
        if (!ROWS.some((r) => r.mutation === mutation && r.kind === kind)) {
          gaps.push(`${mutation}: ${kind}`);
        }
      }
    }
    expect(gaps).toEqual([]);
  });

  it('comment and reply mutations have rows on both spaces and change requests', () => {
    const commentMutations = MUTATIONS.filter((m) => /Comment/.test(m) && !/ChangeRequest/.test(m));
    const gaps: string[] = [];
    for (const mutation of commentMutations) {
      for (const where of ['on a space', 'on a change request']) {
        for (const kind of ['validation', 'notFound', 'forbidden'] as const) {
          const found = ROWS.some(
            (r) => r.mutation === mutation && r.kind === kind && r.name.includes(where),
          );
          if (!found) gaps.push(`${mutation} ${kind} ${where}`);
        }
      }
    }
    expect(gaps).toEqual([]);
  });
});

describe('coverage of the site, OpenAPI, insight and translation table', () => {
  const rows: MatrixRow[] = [
    ...siteRows,
    ...siteSpaceRows,
    ...siteSectionRows,
    ...openapiRows,
    ...conversationRows,
    ...translationRows,
  ];

  it('every listed mutation of the schema has validation, not-found and forbidden rows', () => {
    const sdl = readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8');
    const fields = Object.keys(buildSchema(sdl).getMutationType()?.getFields() ?? {});
    const listed = fields.filter((f) => (MINE as readonly string[]).includes(f));
    // A renamed or dropped mutation fails here instead of silently losing its rows.
    expect([...listed].sort()).toEqual([...MINE].sort());
    const group = (k: Kind) => (k === 'deleteMissing' ? 'notFound' : k);
    const missing = listed.flatMap((m) =>
      (['validation', 'notFound', 'forbidden'] as const)
        .filter((k) => !rows.some((r) => r.mutation === m && group(r.kind) === k))
        .map((k) => `${m}: ${k}`),
    );
    expect(missing).toEqual([]);
  });
});
