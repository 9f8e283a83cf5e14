import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as renderInput from '../print/input';
import { HeatmapFilter } from './insights';

/*
 * The wire casing rule (docs/decisions/0021-wire-casing.md), checked on every zod schema the
 * api/ files export: every field of a body, answer or query is snake_case, except in the objects
 * the spec spells in camelCase (the session's profile, the graphics catalogue, pin setups and
 * positions, jobs), where every field is camelCase; no object mixes the two.
 */

/**
 * Files whose every object is camelCase: the graphics catalogue (with its themes, issue 26), pin setups and positions, jobs,
 * and greenkeeper (§3 Tracking group: trackingGroupId, createdAt, elementName, customAttributes,
 * trackingGroupIds, courseId, holeId; its area statistics and pin rotation beside it, so that one
 * screen's calls do not mix the two).
 */
const CAMEL_FILES = new Set(['graphics.ts', 'themes.ts', 'pins.ts', 'jobs.ts', 'greenkeeper.ts']);
/** Single camelCase objects in other files: the profile (read, and sent back by PUT users/{id}) and that call's answer. */
const CAMEL_EXPORTS = new Set(['session.ts:Profile', 'session.ts:ProfileUpdateBody', 'users.ts:UserSummary']);
/**
 * The exceptions the decision lists, field by field: GraphQL's own request format
 * (`operationName`), the mutation's arguments (`guideId`, `saveGuideHolesInput`: the spec's
 * names) and its answer, named after the mutation as GraphQL does.
 */
const EXCEPTION_FIELDS = new Set([
  'guide-holes-graphql.ts:GraphQLRequestBody.operationName',
  'guide-holes-graphql.ts:SaveGuideHolesArgs.guideId',
  'guide-holes-graphql.ts:SaveGuideHolesArgs.saveGuideHolesInput',
  'guide-holes-graphql.ts:GuideHolesArgs.guideId',
  'guide-holes-graphql.ts:SaveGuideHolesResponse.data.saveGuideHoles',
]);
/** The renderer's input is camelCase (an exception: print-input and the digital guide's courses and sponsors). */
const RENDER_INPUT = new Set<unknown>(Object.values(renderInput).filter((v) => v instanceof z.ZodType));

/** Objects the spec spells in camelCase wherever they are used: §3 Heatmap filters (datePlayed, includeShots, …). */
const CAMEL_SCHEMAS = new Set<unknown>([HeatmapFilter]);

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;

interface Found {
  path: string;
  keys: string[];
  camel: boolean;
}

/** Every object schema reachable from `schema` (through optional, arrays, records, unions, pipes, …) with its keys. */
function objectsOf(schema: z.ZodType, path: string, out: Found[], seen = new Set<unknown>()): Found[] {
  if (seen.has(schema) || RENDER_INPUT.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, at: string) => {
    if (child instanceof z.ZodType) objectsOf(child, at, out, seen);
  };
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      out.push({ path, keys: Object.keys(shape), camel: CAMEL_SCHEMAS.has(schema) });
      for (const [key, child] of Object.entries(shape)) walk(child, `${path}.${key}`);
      break;
    }
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'record':
      walk(def.valueType, `${path}{}`);
      break;
    case 'union':
      (def.options as unknown[]).forEach((o, i) => walk(o, `${path}|${i}`));
      break;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((o, i) => walk(o, `${path}[${i}]`));
      break;
    case 'pipe':
      walk(def.in, path);
      walk(def.out, path);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), path);
      break;
    default:
      if (def.innerType) walk(def.innerType, path);
  }
  return out;
}

const files = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** The fields of a module's schemas that break the rule, as 'Schema.path: key'. */
function casingProblems(file: string, module: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(module)) {
    // Path parameters are names in the route pattern (`:clubId`), not fields of a body.
    if (!(value instanceof z.ZodType) || name.endsWith('Params')) continue;
    const camelExport = CAMEL_FILES.has(file) || CAMEL_EXPORTS.has(`${file}:${name}`);
    for (const { path, keys, camel: camelObject } of objectsOf(value, name, [])) {
      const camel = camelExport || camelObject;
      for (const key of keys) {
        const ok = (camel ? CAMEL.test(key) : SNAKE.test(key)) || EXCEPTION_FIELDS.has(`${file}:${path}.${key}`);
        if (!ok) problems.push(`${path}: '${key}' is not ${camel ? 'camelCase' : 'snake_case'}`);
      }
    }
  }
  return problems;
}

describe('wire casing (decision 0021)', () => {
  it('finds the schemas it checks', async () => {
    const api = await import('./sponsors');
    const keys = objectsOf(api.Sponsor, 'Sponsor', []).flatMap((o) => o.keys);
    expect(keys).toContain('logo_file_name');
    expect(files).toEqual(expect.arrayContaining(['sponsors.ts', 'pins.ts', 'session.ts', 'guides.ts']));
  });

  it.each(files)('%s: every object is snake_case, or camelCase where the spec spells it so, never both', async (file) => {
    const module = (await import(/* @vite-ignore */ `./${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    expect(casingProblems(file, module)).toEqual([]);
  });

  it('reports a camelCase field deep in a snake_case schema, and a snake_case one in a camelCase file', () => {
    const release = z.object({ guide_id: z.number(), jobs: z.array(z.object({ sideEffects: z.array(z.string()) }).optional()) });
    expect(casingProblems('guide-generation.ts', { ReleaseBody: release })).toEqual(["ReleaseBody.jobs[]: 'sideEffects' is not snake_case"]);
    const pin = z.object({ pinSetupId: z.number(), side_meters: z.number() });
    expect(casingProblems('pins.ts', { PinPosition: pin })).toEqual(["PinPosition: 'side_meters' is not camelCase"]);
    expect(casingProblems('pins.ts', { ClubPinParams: z.object({ club_id: z.number() }) })).toEqual([]);
  });
});
