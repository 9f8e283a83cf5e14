import type { z } from 'zod';
import type { IResolvers, MercuriusContext } from 'mercurius';
import type { Guide } from '@golf/contract/api/guides';
import { GuideHolesArgs, SaveGuideHolesArgs, type SaveGuideHolesResult } from '@golf/contract/api/guide-holes-graphql';
import type { Db } from '../../platform/database';
import type { AuthContext } from '../../platform/auth';
import { clubRuleError, requireAuth } from '../../platform/authorize';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { clubOfGuide, getGuide, PRODUCTS, saveGuideHoles } from '../products';

/** The schema: §7's SaveGuideHoles, and the read of the same holes. Wire names as in REST. */
export const SCHEMA = /* GraphQL */ `
  "A hole of a guide: what its page shows, and its distance markers (metres from the green front)."
  type GuideHole {
    hole_id: Int!
    page: Boolean!
    green: Boolean!
    pin_chart: Boolean!
    pro_guideline: Boolean!
    distances: [Int!]!
  }

  type GuideHoles {
    guide_id: Int!
    "Goes up with every save of the guide."
    version: Int!
    holes: [GuideHole!]!
  }

  input GuideHoleInput {
    hole_id: Int!
    page: Boolean!
    green: Boolean!
    pin_chart: Boolean!
    pro_guideline: Boolean!
    "Replaces the hole's markers; null or absent keeps them, an empty list removes them."
    distances: [Int!]
  }

  input SaveGuideHolesInput {
    "The guide version edited; when given, a save that came meanwhile is refused (CONFLICT)."
    version: Int
    holes: [GuideHoleInput!]!
  }

  type Query {
    "Every hole of the guide's courses, in course and hole order."
    guideHoles(guideId: Int!): GuideHoles!
  }

  type Mutation {
    "Saves the holes' toggles and markers in one transaction; answers the saved holes."
    saveGuideHoles(guideId: Int!, saveGuideHolesInput: SaveGuideHolesInput!): GuideHoles!
  }
`;

declare module 'mercurius' {
  interface MercuriusContext {
    /** The session of the request's Bearer token (routes.ts refuses a request without one). */
    auth: AuthContext | null;
  }
}

/** The arguments checked with the contract's schema: 400 naming the first problem (paths within the arguments). */
function parseArgs<S extends z.ZodType>(schema: S, args: unknown): z.infer<S> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw badRequest('request.invalid', { part: 'input', path: details[0].path, message: details[0].message }, details);
}

/**
 * The club of the guide when the caller may work on its guides (the products role there, §6; admins
 * everywhere). A guide of a club the caller has no role in answers as an unknown one (NOT_FOUND):
 * the call names no club, so a refusal would tell that the guide exists.
 */
async function guideClub(db: Db, auth: AuthContext | null, guideId: number): Promise<number> {
  const { subject } = requireAuth({ auth });
  const clubId = await clubOfGuide(db, guideId);
  if (clubId === null) throw notFound('guides.notFound');
  const refused = clubRuleError(subject, clubId, PRODUCTS);
  if (refused) throw refused.refusal === 'club' ? notFound('guides.notFound') : refused.error;
  return clubId;
}

function holesOf(guide: Guide, only?: ReadonlySet<number>): SaveGuideHolesResult {
  const markers = new Map(guide.distances.map((d) => [d.hole_id, d.distances]));
  return {
    guide_id: guide.guide_id,
    version: guide.version,
    holes: guide.holes
      .filter((h) => !only || only.has(h.hole_id))
      .map((h) => ({ hole_id: h.hole_id, page: h.page, green: h.green, pin_chart: h.pin_chart, pro_guideline: h.pro_guideline, distances: markers.get(h.hole_id) ?? [] })),
  };
}

/** Input problems the service found name paths within saveGuideHolesInput; the answer names the argument too. */
function withinInput(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.details) return error;
  return HttpError.of(error.statusCode, error, error.details.map((d) => ({ ...d, path: `saveGuideHolesInput.${d.path}` })));
}

export function resolvers(db: Db): IResolvers {
  return {
    Query: {
      guideHoles: async (_root, args: unknown, context: MercuriusContext) => {
        const { guideId } = parseArgs(GuideHolesArgs, args);
        const clubId = await guideClub(db, context.auth, guideId);
        return holesOf(await getGuide(db, clubId, guideId));
      },
    },
    Mutation: {
      saveGuideHoles: async (_root, args: unknown, context: MercuriusContext) => {
        const { guideId, saveGuideHolesInput: input } = parseArgs(SaveGuideHolesArgs, args);
        const clubId = await guideClub(db, context.auth, guideId);
        const guide = await saveGuideHoles(db, clubId, guideId, input).catch((error: unknown) => {
          throw withinInput(error);
        });
        return holesOf(guide, new Set(input.holes.map((h) => h.hole_id)));
      },
    },
  };
}
