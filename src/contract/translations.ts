import { z } from 'zod';
import {
  Document,
  DocumentInput,
  ENUMS,
  Language,
  listPage,
  openEnum,
  PageQuery,
  Timestamp,
  Urls,
} from './common.ts';

/** Figures of a translation's runs; durations in milliseconds, words counted in the Markdown. */
export const TranslationStats = z.object({
  runs: z.number(),
  totalWords: z.number(),
  totalPages: z.number(),
  totalDuration: z.number(),
  latestRunDuration: z.number(),
  latestPages: z.number(),
  latestWords: z.number(),
});

/** A translation job of a space into another language. */
export const Translation = z.object({
  object: z.literal('translation'),
  id: z.string(),
  status: openEnum(ENUMS.translationStatus),
  source: z.object({ space: z.string(), language: openEnum(ENUMS.language) }),
  language: openEnum(ENUMS.language),
  instructions: Document.optional(),
  /** The space holding the latest run's result, and its revision; absent before the first run. */
  result: z.object({ space: z.string(), revision: z.string() }).optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
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
