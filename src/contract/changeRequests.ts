import { z } from 'zod';
import {
  Document,
  DocumentInput,
  ENUMS,
  LIMITS,
  listPage,
  openEnum,
  PageQuery,
  QueryBoolean,
  sometimes,
  TemplateApplication,
  Timestamp,
  User,
} from './common.ts';

/** A change request: proposed edits to a space, with its own revision. */
export const ChangeRequest = z.object({
  object: z.literal('change-request'),
  id: z.string(),
  number: z.number(),
  status: openEnum(ENUMS.changeRequestStatus),
  subject: z.string(),
  description: Document.optional(),
  createdBy: User.optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  space: z.string(),
  revision: z.string(),
  revisionInitial: z.string(),
  revisionMergedAncestor: z.string().optional(),
  revisionMerged: z.string().optional(),
  comments: z.number(),
  outdated: z.boolean(),
  conversationsIssuesCluster: z.string().optional(),
  requestedReviewers: z.array(User).optional(),
  urls: z.object({ app: z.string().optional(), location: z.string().optional() }).optional(),
  permissions: z
    .object({
      view: sometimes(z.boolean()),
      edit: sometimes(z.boolean()),
      merge: sometimes(z.boolean()),
      comment: sometimes(z.boolean()),
    })
    .optional(),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;
export const ChangeRequestList = listPage(ChangeRequest);
export type ChangeRequestList = z.infer<typeof ChangeRequestList>;

export const ChangeRequestStatus = z.enum(ENUMS.changeRequestStatus);

const Subject = z
  .string()
  .max(LIMITS.changeRequestSubject, `at most ${LIMITS.changeRequestSubject} characters`);

/** `POST /v1/spaces/{spaceId}/change-requests`: further free properties are accepted and ignored. */
export const CreateChangeRequestBody = z.object({
  subject: Subject.optional(),
  template: TemplateApplication.omit({ changeRequestId: true }).optional(),
});
export type CreateChangeRequestBody = z.infer<typeof CreateChangeRequestBody>;

/** `PATCH {cr}`. */
export const UpdateChangeRequestBody = z.strictObject({
  subject: Subject.optional(),
  status: ChangeRequestStatus.optional(),
  description: DocumentInput.optional(),
});
export type UpdateChangeRequestBody = z.infer<typeof UpdateChangeRequestBody>;

const UserId = z.string().min(1).max(200);

/** Filters shared by the space and organization lists. */
const ChangeRequestFilters = PageQuery.extend({
  creator: UserId.optional(),
  contributor: UserId.optional(),
  requestedReviewer: UserId.optional(),
  conversationsIssuesCluster: z.string().min(1).max(200).optional(),
  orderBy: z.enum(ENUMS.changeRequestOrderBy).default('updatedAt'),
});

/** `GET /v1/spaces/{spaceId}/change-requests`. */
export const ChangeRequestListQuery = ChangeRequestFilters.extend({
  status: ChangeRequestStatus.default('open'),
});
export type ChangeRequestListQuery = z.infer<typeof ChangeRequestListQuery>;

/** `GET {org}/change-requests`: every status unless `status` is given. */
export const OrganizationChangeRequestListQuery = ChangeRequestFilters.extend({
  status: ChangeRequestStatus.optional(),
});
export type OrganizationChangeRequestListQuery = z.infer<typeof OrganizationChangeRequestListQuery>;

/** Answer of merge and update. */
export const ChangeRequestRevisionResult = z.object({
  revision: sometimes(z.string()),
  result: sometimes(z.string()),
});
export type ChangeRequestRevisionResult = z.infer<typeof ChangeRequestRevisionResult>;

/** `GET {cr}/pdf`. */
export const ChangeRequestPdfQuery = z.object({
  only: QueryBoolean.default(false),
  page: z.string().min(1).max(200).optional(),
});
export type ChangeRequestPdfQuery = z.infer<typeof ChangeRequestPdfQuery>;
export const ChangeRequestPdf = z.object({ url: sometimes(z.string()) });
export type ChangeRequestPdf = z.infer<typeof ChangeRequestPdf>;
