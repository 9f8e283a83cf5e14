import { GUIDE_PRODUCTS, type GuideProduct } from '@golf/contract/api/guides';
import type { Download } from '@golf/contract/api/insights-app';
import type { z } from 'zod';
import { daysBetween, localInstant } from './calendar';
import type { PoolPlayer } from './players';
import { pickCumulative, pickWeighted, stream } from './random';

/**
 * Downloads of a guide's products in the app over the given years: most of them the digital guide
 * (json), fewer PDFs and images; many more in spring (before the season) and in the season than in
 * winter, in the daytime; a later year more than an earlier one (the app grows); most by a known
 * app user, the rest anonymous.
 */

const PRODUCT_WEIGHT: Record<GuideProduct, number> = { json: 55, pdf: 22, web_images: 9, overview: 7, green_drawings: 5, tee_signs: 2 };
const MONTH_WEIGHT = [0.25, 0.3, 0.7, 1.5, 1.4, 1.2, 1.3, 1.1, 0.8, 0.5, 0.2, 0.15];

export interface DownloadOptions {
  guideId: number;
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
  /** Downloads in the whole range. */
  count: number;
  seed: number;
  players: PoolPlayer[];
}

export function generateDownloads(options: DownloadOptions): z.infer<typeof Download>[] {
  const days = [...daysBetween(options.from, options.to)];
  if (days.length === 0 || options.count <= 0) return [];
  const firstYear = days[0].year;
  const rng = stream(options.seed, 'downloads');
  // Per day: the month's weight, weekends a little more, each later year 60 % more.
  const cumulative: number[] = [];
  let sum = 0;
  for (const d of days) cumulative.push((sum += MONTH_WEIGHT[d.month] * (d.weekday === 0 || d.weekday === 6 ? 1.3 : 1) * Math.pow(1.6, d.year - firstYear)));
  const playerWeights: number[] = [];
  let ps = 0;
  for (const p of options.players) playerWeights.push((ps += p.home ? p.frequency : 0.5));
  const products = GUIDE_PRODUCTS.filter((p) => PRODUCT_WEIGHT[p] > 0);
  const weights = products.map((p) => PRODUCT_WEIGHT[p]);
  const out: (z.infer<typeof Download> & { seconds: number; dayIndex: number })[] = [];
  for (let i = 0; i < options.count; i++) {
    const dayIndex = pickCumulative(rng, cumulative);
    // Local time of day: 7:00 to 23:00, more in the evening.
    const seconds = Math.round((7 + 16 * Math.pow(rng(), 0.8)) * 3600);
    const known = options.players.length > 0 && rng() < 0.75;
    out.push({
      guide_id: options.guideId,
      product: products[pickWeighted(rng, weights)],
      at: localInstant(days[dayIndex], seconds),
      ...(known ? { app_user_id: options.players[pickCumulative(rng, playerWeights)].appUserId } : {}),
      seconds,
      dayIndex,
    });
  }
  out.sort((a, b) => a.dayIndex - b.dayIndex || a.seconds - b.seconds);
  return out.map(({ seconds: _s, dayIndex: _d, ...download }) => download);
}
