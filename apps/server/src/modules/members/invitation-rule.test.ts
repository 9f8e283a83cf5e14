import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_THROTTLE_MS, invitationRefusal, type Member } from '@golf/contract/api/members';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

/**
 * The web offers an invitation to exactly the members the contract's invitationRefusal clears,
 * and the server's claim query mails exactly those: every status and mailing time, both ways.
 */
describe('invitation eligibility: the contract rule and the server agree', () => {
  let t: TestApp;
  let club: number;
  let owner: string;

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    club = (await demoIds(t)).dkClubId;
    ({ owner } = await signInActors(t, ['owner']));
  });
  afterAll(async () => t?.close());

  it('mails the members the rule clears and skips the others with the rule\'s reason', async () => {
    const now = Date.now();
    const cases: { status: string; invitedAgoMs: number | null }[] = [
      { status: 'imported', invitedAgoMs: null },
      { status: 'imported', invitedAgoMs: 60_000 },
      { status: 'invited', invitedAgoMs: 60_000 },
      { status: 'invited', invitedAgoMs: INVITATION_THROTTLE_MS - 60_000 },
      { status: 'invited', invitedAgoMs: INVITATION_THROTTLE_MS + 60_000 },
      { status: 'member', invitedAgoMs: null },
      { status: 'member', invitedAgoMs: INVITATION_THROTTLE_MS * 3 },
      { status: 'banned', invitedAgoMs: null },
      { status: 'banned', invitedAgoMs: 60_000 },
    ];
    const rows = await t.database.db
      .insert(schema.clubMembers)
      .values(
        cases.map((c, i) => ({
          clubId: club,
          unionNumber: `7000-${String(1000 + i)}`,
          email: `rule-${i}@example.com`,
          status: c.status,
          lastInvitedAt: c.invitedAgoMs === null ? null : new Date(now - c.invitedAgoMs),
        })),
      )
      .returning({ id: schema.clubMembers.id });
    const ids = rows.map((r) => r.id);

    const list = await call(t.app, 'GET', `/api/clubs/${club}/members?page_size=500`, { token: owner });
    expect(list.statusCode).toBe(200);
    const listed = new Map<number, Member>((list.json().items as Member[]).map((m) => [m.id, m]));
    const expected = new Map(ids.map((id) => [id, invitationRefusal(listed.get(id)!)]));
    expect([...expected.values()].filter((r) => r === null).length).toBe(2);

    const res = await call(t.app, 'POST', `/api/clubs/${club}/members/invitations`, { token: owner, payload: { ids } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { sent: number; skipped: { id: number; reason: string }[] };
    expect(body.sent).toBe(2);
    const skipped = new Map(body.skipped.map((s) => [s.id, s.reason]));
    for (const id of ids) expect(skipped.get(id) ?? null, `member ${id}`).toBe(expected.get(id));
  });
});
