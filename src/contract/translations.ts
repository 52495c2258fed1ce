import { z } from 'zod';
import {
  Document,
  DocumentInput,
  ENUMS,
  Language,
  listPage,
  openEnum,
  PageQuery,
  sometimes,
  Timestamp,
  Urls,
} from './common.ts';

/** Figures of a translation's runs; durations in milliseconds, words counted in the Markdown. */
export const TranslationStats = z.object({
  runs: sometimes(z.number()),
  totalWords: sometimes(z.number()),
  totalPages: sometimes(z.number()),
  totalDuration: sometimes(z.number()),
  latestRunDuration: sometimes(z.number()),
  latestPages: sometimes(z.number()),
  latestWords: sometimes(z.number()),
});

/** A translation job of a space into another language. */
export const Translation = z.object({
  object: z.literal('translation'),
  id: z.string(),
  status: sometimes(openEnum(ENUMS.translationStatus)),
  source: sometimes(
    z.object({ space: sometimes(z.string()), language: sometimes(openEnum(ENUMS.language)) }),
  ),
  language: sometimes(openEnum(ENUMS.language)),
  instructions: Document.optional(),
  /** The space holding the latest run's result, and its revision; absent before the first run. */
  result: z.object({ space: sometimes(z.string()), revision: sometimes(z.string()) }).optional(),
  createdAt: sometimes(Timestamp),
  updatedAt: sometimes(Timestamp),
  stats: TranslationStats.partial().optional(),
  permissions: z.object({ view: z.boolean().optional(), edit: z.boolean().optional() }).optional(),
  urls: Urls.optional(),
});
export type Translation = z.infer<typeof Translation>;
export const TranslationList = listPage(Translation);
export type TranslationList = z.infer<typeof TranslationList>;

export const TranslationListQuery = PageQuery;

/** `POST {org}/translations`. `source.language` defaults to the source space's language. */
export const CreateTranslationBody = z.strictObject({
  source: z.strictObject({
    space: z.string().min(1, 'a space id is required').max(200, 'at most 200 characters'),
    language: Language.optional(),
  }),
  language: Language,
  instructions: DocumentInput.optional(),
});
export type CreateTranslationBody = z.infer<typeof CreateTranslationBody>;

/** `PUT {org}/translations/{id}`. */
export const UpdateTranslationBody = z.strictObject({ instructions: DocumentInput });
export type UpdateTranslationBody = z.infer<typeof UpdateTranslationBody>;
