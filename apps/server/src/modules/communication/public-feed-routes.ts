import { z } from 'zod';
import { Feed } from 'feed';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db-types';
import { notFound } from '../../platform/errors';
import { clientHasCurrent, etagOf } from '../../platform/http-cache';
import { ownFeed, ownFeedUrls, type OwnFeedEntry } from './feed-service';

const tags = ['communication (public)'];

/** Readers and aggregators may keep a copy for 5 minutes; a post that ends leaves it within that. */
const CACHE_CONTROL = 'public, max-age=300';

const TYPES = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' } as const;

const imageType = (url: string) => (/\.png(\?|$)/.test(url) ? 'image/png' : /\.webp(\?|$)/.test(url) ? 'image/webp' : 'image/jpeg');

/**
 * The club's own feed as RSS 2.0 or Atom 1.0, written by the `feed` library: its posts to the
 * app between their publish and end times (the newest COMMUNICATION_LIMITS.ownFeedItemsMax) and
 * its visible status when that goes to RSS. The document depends only on those rows (its
 * `updated` is the newest change, not the clock), so its ETag stays while nothing changes.
 */
export async function ownFeedDocument(db: DbOrTx, config: Pick<Config, 'publicUrl'>, clubId: number, format: 'rss' | 'atom', now = new Date()): Promise<{ body: string; lastModified: Date | null } | null> {
  const own = await ownFeed(db, clubId, now);
  if (!own) return null;
  const urls = ownFeedUrls(config, clubId);
  const home = /^https?:\/\//.test(own.club.homepage) ? own.club.homepage : config.publicUrl;
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${config.publicUrl}${url}`);
  const lastModified = own.entries.reduce<Date | null>((latest, e) => (latest === null || e.changed > latest ? e.changed : latest), own.lastChange);
  const feed = new Feed({
    title: own.club.name,
    description: `News from ${own.club.name}`,
    id: urls.atom,
    link: home,
    updated: lastModified ?? new Date(0),
    generator: 'Golf club console',
    copyright: own.club.name,
    feedLinks: { rss: urls.rss, atom: urls.atom },
  });
  for (const e of own.entries) feed.addItem(item(e, home, urls.atom, absolute));
  return { body: format === 'rss' ? feed.rss2() : feed.atom1(), lastModified };
}

function item(e: OwnFeedEntry, home: string, atomUrl: string, absolute: (url: string) => string): Parameters<Feed['addItem']>[0] {
  const image = e.imageUrl === null ? undefined : { url: absolute(e.imageUrl), type: imageType(e.imageUrl) };
  return {
    title: e.title,
    // RSS: the guid ('post-<id>', 'status-<id>'); Atom: an absolute IRI of it.
    guid: e.guid,
    id: `${atomUrl}#${e.guid}`,
    link: e.link ?? `${home}#${e.guid}`,
    description: e.text,
    date: e.changed,
    published: e.date,
    ...(image ? { image } : {}),
  };
}

async function answer(request: FastifyRequest, reply: FastifyReply, clubId: number, db: DbOrTx, config: Pick<Config, 'publicUrl'>, format: 'rss' | 'atom') {
  const doc = await ownFeedDocument(db, config, clubId, format);
  if (!doc) throw notFound('clubs.notFound');
  const etag = etagOf(doc.body);
  reply.header('ETag', etag).header('Cache-Control', CACHE_CONTROL);
  if (doc.lastModified) reply.header('Last-Modified', doc.lastModified.toUTCString());
  if (clientHasCurrent(request, etag)) return reply.code(304).send();
  return reply.type(TYPES[format]).send(doc.body);
}

/** GET public/clubs/{clubId}/feed.rss and feed.atom (no session: readers and aggregators fetch them). */
export function registerPublicFeedRoutes(app: TypedApp, deps: AppDeps) {
  const { db, config } = deps;
  const schema = (description: string) => ({
    tags,
    security: [],
    params: ClubIdParams,
    response: {
      200: z.string().describe(description),
      304: z.null().describe('Not modified: the copy named in If-None-Match is current'),
      400: ErrorResponse,
      404: ErrorResponse,
    },
  });
  app.get('/public/clubs/:clubId/feed.rss', { config: { access: 'public' }, schema: schema('RSS 2.0') }, async (request, reply) => answer(request, reply, request.params.clubId, db, config, 'rss'));
  app.get('/public/clubs/:clubId/feed.atom', { config: { access: 'public' }, schema: schema('Atom 1.0') }, async (request, reply) => answer(request, reply, request.params.clubId, db, config, 'atom'));
}
