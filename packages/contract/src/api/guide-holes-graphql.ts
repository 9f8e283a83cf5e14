import { z } from 'zod';
import { PositiveInt32, Text } from './common';
import { DistanceMarkersBody, GuideHoleSettings } from './guides';

/**
 * §7 Guides: 'GraphQL mutation SaveGuideHoles (guideId, saveGuideHolesInput) on a separate business
 * backend, token in a header'. Served at POST /graphql (apps/server/src/modules/graphql, decision
 * 0014) with the REST API's sessions (`Authorization: Bearer <token>`) and rules: the products role
 * in the guide's club. One call saves several holes of a guide in one transaction: each hole's page
 * toggles and, when `distances` is given, its distance markers (replaced; an empty list removes
 * them; null or absent leaves them). Wire names are the REST API's (`hole_id`, `pin_chart`).
 */

/** Caps of the GraphQL endpoint: request size, document size and shape, holes per call. */
export const GRAPHQL_LIMITS = {
  /** Bytes of a request body. */
  bodyBytes: 64 * 1024,
  /** Characters of the query document. */
  queryChars: 20_000,
  /** Lexical tokens of the query document (graphql-js parse maxTokens). */
  tokens: 5_000,
  /** Nesting of selections, fragments followed. */
  depth: 8,
  /** Nesting of a document with introspection (the introspection query of tools has 15 levels). */
  introspectionDepth: 16,
  /** Top-level fields of a mutation: each is a transaction of its own. */
  mutationFields: 1,
  /** Top-level fields of a query (aliases included). */
  queryFields: 10,
  /** Holes in one SaveGuideHoles call (a guide has at most 6 courses). */
  holes: 200,
} as const;

/** The error codes the endpoint answers in `errors[].extensions.code`, with their HTTP status. */
export const GRAPHQL_ERROR_STATUS = {
  BAD_USER_INPUT: 400,
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
} as const;
export type GraphQLErrorCode = keyof typeof GRAPHQL_ERROR_STATUS;

/** The body of POST /graphql: one operation (no batches), variables as a JSON object. */
export const GraphQLRequestBody = z.object({
  query: Text.min(1, 'query is required').max(GRAPHQL_LIMITS.queryChars, `query: at most ${GRAPHQL_LIMITS.queryChars} characters`),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: Text.max(200).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
});
export type GraphQLRequestBody = z.infer<typeof GraphQLRequestBody>;

/** One hole of SaveGuideHoles: its page toggles, and its markers when given. */
export const SaveGuideHoleInput = GuideHoleSettings.extend({
  /** Metres from the green front, replacing the hole's markers; null or absent keeps them. */
  distances: DistanceMarkersBody.nullish(),
});
export type SaveGuideHoleInput = z.infer<typeof SaveGuideHoleInput>;

export const SaveGuideHolesInput = z.object({
  /** The guide version edited; when given, a save that came meanwhile answers CONFLICT. */
  version: PositiveInt32.nullish(),
  holes: z
    .array(SaveGuideHoleInput)
    .min(1, 'List at least one hole')
    .max(GRAPHQL_LIMITS.holes, `At most ${GRAPHQL_LIMITS.holes} holes per call`)
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((h, i) => {
        if (seen.has(h.hole_id)) ctx.addIssue({ code: 'custom', path: [i, 'hole_id'], message: `Hole ${h.hole_id} is listed twice` });
        seen.add(h.hole_id);
      });
    }),
});
export type SaveGuideHolesInput = z.infer<typeof SaveGuideHolesInput>;

/** The arguments of the mutation field, as the resolver checks them. */
export const SaveGuideHolesArgs = z.object({ guideId: PositiveInt32, saveGuideHolesInput: SaveGuideHolesInput });
export const GuideHolesArgs = z.object({ guideId: PositiveInt32 });

/** A hole as the endpoint answers it: toggles and its markers (sorted from the green out). */
export const SavedGuideHole = GuideHoleSettings.extend({ hole_id: z.number().int(), distances: z.array(z.number().int()) });
export type SavedGuideHole = z.infer<typeof SavedGuideHole>;
export const SaveGuideHolesResult = z.object({ guide_id: z.number().int(), version: z.number().int(), holes: z.array(SavedGuideHole) });
export type SaveGuideHolesResult = z.infer<typeof SaveGuideHolesResult>;

/** The operation as a client sends it (with variables `guideId` and `saveGuideHolesInput`). */
export const SAVE_GUIDE_HOLES_MUTATION = `mutation SaveGuideHoles($guideId: Int!, $saveGuideHolesInput: SaveGuideHolesInput!) {
  saveGuideHoles(guideId: $guideId, saveGuideHolesInput: $saveGuideHolesInput) {
    guide_id
    version
    holes { hole_id page green pin_chart pro_guideline distances }
  }
}`;

/** A GraphQL error as the endpoint answers it; `details` lists the input's problems (paths within the argument). */
export const GraphQLErrorEntry = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  locations: z.array(z.object({ line: z.number(), column: z.number() })).optional(),
  extensions: z.object({
    code: z.enum(Object.keys(GRAPHQL_ERROR_STATUS) as [GraphQLErrorCode, ...GraphQLErrorCode[]]),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** The refusal's code in the server's catalogue (api/errors.ts) and its parameters, to show `message` in the reader's language. */
    error_code: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type GraphQLErrorEntry = z.infer<typeof GraphQLErrorEntry>;
export const SaveGuideHolesResponse = z.object({
  data: z.object({ saveGuideHoles: SaveGuideHolesResult }).nullable(),
  errors: z.array(GraphQLErrorEntry).optional(),
});
