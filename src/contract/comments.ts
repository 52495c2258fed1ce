import { z } from 'zod';
import {
  Document,
  ENUMS,
  Format,
  listPage,
  Order,
  oneOfField,
  openEnum,
  PageQuery,
  sometimes,
  User,
} from './common.ts';
import { Member } from './members.ts';

/** Limits of comments and replies (the spec gives none; these keep the store sane). */
export const COMMENT_LIMITS = {
  markdown: 100_000,
  emoji: 50,
  reactionsPerRequest: 50,
  authors: 100,
  id: 200,
} as const;

// Responses: tolerant of fields and enum values this contract does not know.

/** A comment's or reply's body; with `format=document` also the body as a Document. */
export const CommentBody = oneOfField(
  z.object({
    markdown: z.string(),
    document: Document.optional(),
  }),
  '`{markdown}` (with `document` on `format=document` reads)',
);
export type CommentBody = z.infer<typeof CommentBody>;

/** One emoji's reactions: who reacted and when. */
export const Reaction = z.object({
  emoji: sometimes(z.string()),
  count: sometimes(z.number()),
  users: sometimes(z.array(z.object({ user: sometimes(User), reactedAt: sometimes(z.string()) }))),
});
export type Reaction = z.infer<typeof Reaction>;

/** The replies of one user to a comment. */
export const Replier = z.object({
  updatedAt: sometimes(z.string()),
  count: sometimes(z.number()),
  user: sometimes(User),
});
export type Replier = z.infer<typeof Replier>;

/** What the caller may do with a comment or reply. */
export const CommentPermissions = z.object({
  view: z.boolean().optional(),
  edit: z.boolean().optional(),
  reply: z.boolean().optional(),
  delete: z.boolean().optional(),
});
export type CommentPermissions = z.infer<typeof CommentPermissions>;

/** A table cell a comment is attached to. */
export const TableCell = z.object({ record: z.string(), definition: z.string() });

/** Where a comment is attached. */
export const CommentTarget = z.object({
  node: z.object({ id: z.string() }).optional(),
  tableCell: TableCell.optional(),
  changeRequest: z.string().optional(),
  review: z.string().optional(),
  page: z.object({ id: z.string() }).optional(),
  space: z.string().optional(),
  revision: z.string().optional(),
});
export type CommentTarget = z.infer<typeof CommentTarget>;

/** A comment (`object`=`comment`), on a space's main content or on a change request. */
export const Comment = z.object({
  object: z.literal('comment'),
  id: z.string(),
  postedBy: sometimes(User),
  postedAt: sometimes(z.string()),
  editedAt: z.string().optional(),
  reactions: sometimes(z.array(Reaction)),
  replies: sometimes(z.number()),
  repliers: sometimes(z.array(Replier)),
  body: sometimes(CommentBody),
  target: sometimes(CommentTarget),
  urls: sometimes(z.object({ location: z.string().optional() })),
  permissions: sometimes(CommentPermissions),
  status: sometimes(openEnum(ENUMS.commentStatus)),
  resolvedAt: z.string().optional(),
  resolvedBy: User.optional(),
});
export type Comment = z.infer<typeof Comment>;

/** A reply to a comment (`object`=`comment-reply`). */
export const CommentReply = z.object({
  object: z.literal('comment-reply'),
  id: z.string(),
  postedBy: sometimes(User),
  postedAt: sometimes(z.string()),
  editedAt: z.string().optional(),
  reactions: sometimes(z.array(Reaction)),
  body: sometimes(CommentBody),
  urls: sometimes(z.object({ location: z.string().optional() })),
  permissions: sometimes(CommentPermissions),
});
export type CommentReply = z.infer<typeof CommentReply>;

export const CommentList = listPage(Comment);
export type CommentList = z.infer<typeof CommentList>;
export const CommentReplyList = listPage(CommentReply);
export type CommentReplyList = z.infer<typeof CommentReplyList>;

// Requests: strict.

/** A custom message for a wrong type only; other issues (unknown keys) keep their own. */
const objectError = (message: string) => (issue: { code: string }) =>
  issue.code === 'invalid_type' ? message : undefined;

const markdownInput = z
  .string({ error: 'must be a string' })
  .max(COMMENT_LIMITS.markdown, `at most ${COMMENT_LIMITS.markdown} characters`)
  .refine((value) => value.trim().length > 0, { message: 'must not be empty' });

/** A comment or reply body as sent: `{markdown}`, non-empty. */
export const CommentBodyInput = z.strictObject(
  { markdown: markdownInput },
  { error: objectError('must be an object {markdown}') },
);

const idInput = (what: string) =>
  z
    .string({ error: `must be a ${what} id` })
    .min(1, 'must not be empty')
    .max(COMMENT_LIMITS.id, `at most ${COMMENT_LIMITS.id} characters`);

const emojiInput = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(COMMENT_LIMITS.emoji, `at most ${COMMENT_LIMITS.emoji} characters`)
  .refine((value) => value.trim() === value && !/[\s\p{Cc}]/u.test(value), {
    message: 'must be an emoji without spaces or control characters',
  });

const reactionsInput = z
  .array(emojiInput, { error: 'must be an array of emoji strings' })
  .max(COMMENT_LIMITS.reactionsPerRequest, `at most ${COMMENT_LIMITS.reactionsPerRequest} emoji`);

/** Body of `POST .../comments`. */
export const CreateCommentBody = z.strictObject({
  node: idInput('node').optional(),
  page: idInput('page').optional(),
  body: CommentBodyInput,
  tableCell: z
    .strictObject(
      { record: idInput('record'), definition: idInput('definition') },
      { error: objectError('must be an object {record, definition}') },
    )
    .optional(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBody>;

/** Body of `PUT .../comments/{commentId}`: every field optional. */
export const UpdateCommentBody = z.strictObject({
  resolved: z.boolean({ error: 'must be a boolean' }).optional(),
  body: CommentBodyInput.optional(),
  addedReactions: reactionsInput.optional(),
  removedReactions: reactionsInput.optional(),
});
export type UpdateCommentBody = z.infer<typeof UpdateCommentBody>;

/** Body of `POST .../replies`. */
export const CreateCommentReplyBody = z.strictObject({ body: CommentBodyInput });
export type CreateCommentReplyBody = z.infer<typeof CreateCommentReplyBody>;

/** Body of `PUT .../replies/{commentReplyId}`. */
export const UpdateCommentReplyBody = z.strictObject({
  body: CommentBodyInput.optional(),
  addedReactions: reactionsInput.optional(),
  removedReactions: reactionsInput.optional(),
});
export type UpdateCommentReplyBody = z.infer<typeof UpdateCommentReplyBody>;

const formatQuery = Format.optional();

/** `authors`: repeated (`authors=a&authors=b`) or comma-separated user ids. */
const authorsQuery = z
  .union([z.string(), z.array(z.string())], { error: 'must be user ids' })
  .transform((value) =>
    [...new Set((Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')))]
      .map((v) => v.trim())
      .filter((v) => v.length > 0),
  )
  .pipe(
    z
      .array(z.string().max(COMMENT_LIMITS.id, `at most ${COMMENT_LIMITS.id} characters`))
      .min(1, 'must name at least one user id')
      .max(COMMENT_LIMITS.authors, `at most ${COMMENT_LIMITS.authors} user ids`),
  );

/** Query of the comment lists (space and change request). */
export const CommentListQuery = PageQuery.extend({
  order: Order.default('desc'),
  status: z.enum([...ENUMS.commentStatus, 'all']).default('all'),
  format: formatQuery,
  targetPage: idInput('page').optional(),
  authors: authorsQuery.optional(),
});
export type CommentListQuery = z.infer<typeof CommentListQuery>;

/** Query of one comment or reply read (and of posting a reply). */
export const CommentQuery = z.object({ format: formatQuery });
export type CommentQuery = z.infer<typeof CommentQuery>;

/** Query of a reply list. */
export const CommentReplyListQuery = PageQuery.extend({ format: formatQuery });
export type CommentReplyListQuery = z.infer<typeof CommentReplyListQuery>;

/** `GET /v1/spaces/{spaceId}/commenters`: the members who commented or replied in a space. */
export const CommenterList = listPage(Member);
export type CommenterList = z.infer<typeof CommenterList>;

/** Query of `GET /v1/spaces/{spaceId}/commenters`. */
export const CommentersQuery = PageQuery;
export type CommentersQuery = z.infer<typeof CommentersQuery>;
