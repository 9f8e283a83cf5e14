import type { AppUserBody } from '@golf/contract/api/insights-app';
import type { Golfer } from './play-hole';
import { clamp, normal, pickWeighted, stream, uniform, uuidFrom, type Rng } from './random';

/**
 * The golfers behind the generated rounds. The app's users (`PoolPlayer`) are members of the club
 * (who play often, most of them follow the club in the app) and guests (who come once or twice);
 * each has a sex, a handicap index, a walking speed, a routine and a playing frequency. The other
 * golfers on the course that day (`fieldGolfer`) have no app: they only take their tee times and
 * hold up the groups behind them.
 */

export interface PoolPlayer extends Golfer {
  appUserId: string;
  home: boolean;
  /** Relative number of rounds in a season (a member who plays weekly ≈ 1). */
  frequency: number;
  language: AppUserBody['language'];
  following: boolean;
  /** Index into the course's tees (0 the back tee) the player usually plays from. */
  teeChoice: number;
}

const MEMBER_LANGUAGES: [AppUserBody['language'], number][] = [['da', 92], ['en', 4], ['de', 2], ['sv', 2]];
const GUEST_LANGUAGES: [AppUserBody['language'], number][] = [['da', 55], ['de', 20], ['sv', 10], ['no', 8], ['en', 7]];

/** A handicap index as golfers have them: men around 18, women around 26, a few plus handicaps, 54 at most. */
function handicapIndex(rng: Rng, sex: 'male' | 'female'): number {
  const raw = sex === 'male' ? 17 + normal(rng) * 9.5 : 25 + normal(rng) * 10.5;
  return Math.round(clamp(raw, -3, 54) * 10) / 10;
}

/** Driver distance (m): about 235 m for a scratch man, 170 m at 36; women 78 % of that. */
function driveOf(rng: Rng, sex: 'male' | 'female', handicap: number): number {
  const base = 235 - 1.85 * Math.max(handicap, -3) + normal(rng) * 12;
  return clamp(sex === 'male' ? base : base * 0.78, 90, 290);
}

/** Tee by sex and handicap: men mostly the middle tee (good players the back tee), women and high handicaps forward. */
function teeChoiceOf(rng: Rng, sex: 'male' | 'female', handicap: number, tees: number): number {
  if (tees <= 1) return 0;
  const last = tees - 1;
  const middle = Math.min(1, last);
  if (sex === 'female') return handicap < 8 && rng() < 0.5 ? middle : last;
  if (handicap < 6) return rng() < 0.6 ? 0 : middle;
  if (handicap > 30) return rng() < 0.5 ? last : middle;
  return middle;
}

function golfer(rng: Rng, tees: number): Golfer & { teeChoice: number } {
  const sex = rng() < 0.72 ? 'male' : 'female';
  const handicap = handicapIndex(rng, sex);
  return {
    sex,
    handicap,
    drive: driveOf(rng, sex, handicap),
    walkSpeed: clamp(1.32 + normal(rng) * 0.1 - Math.max(0, handicap - 20) * 0.003, 1.0, 1.6),
    swingSeconds: clamp(14 + 0.08 * Math.max(0, handicap) + normal(rng) * 2.5, 9, 26),
    teeChoice: teeChoiceOf(rng, sex, handicap, tees),
  };
}

export interface PoolOptions {
  seed: number;
  /** Rounds the season will have: the pool's size follows (about 14 rounds per member, one per guest). */
  rounds: number;
  /** How many tees the course has (for each player's usual tee). */
  tees: number;
}

/** The app's users of the season: members and guests, deterministic from the seed. */
export function generatePlayers(options: PoolOptions): PoolPlayer[] {
  const rng = stream(options.seed, 'players');
  const members = Math.max(20, Math.round(options.rounds / 14));
  const guests = Math.max(10, Math.round(options.rounds / 5));
  const out: PoolPlayer[] = [];
  for (let i = 0; i < members + guests; i++) {
    const home = i < members;
    const g = golfer(rng, options.tees);
    const languages = home ? MEMBER_LANGUAGES : GUEST_LANGUAGES;
    out.push({
      ...g,
      appUserId: uuidFrom(rng),
      home,
      // Members: a long tail (a few play almost daily); guests: once, some twice.
      frequency: home ? Math.exp(normal(rng) * 0.8) : uniform(rng, 0.04, 0.12),
      language: languages[pickWeighted(rng, languages.map(([, w]) => w))][0],
      following: rng() < (home ? 0.7 : 0.08),
    });
  }
  return out;
}

/** A golfer without the app, drawn for one day's field. */
export function fieldGolfer(rng: Rng, tees: number): Golfer & { teeChoice: number } {
  return golfer(rng, tees);
}
