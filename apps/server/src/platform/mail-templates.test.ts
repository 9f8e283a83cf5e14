import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@golf/contract/constants';
import * as schema from '../db/schema/index';
import { buildTestApp, call, createUser, DEMO, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../test/test-app';
import { signInActors } from '../../test/actors';
import type { MailMessage } from './mail';
import { countryLanguage, mailLanguage, memberInvitationMail, passwordResetMail, userAddedMail, userInvitationMail } from './mail-templates';

const XSS = '<b>x</b>';
const ESCAPED = '&lt;b&gt;x&lt;/b&gt;';

const templates = {
  reset: (lang: string | null) => passwordResetMail(lang, { name: 'Ida', link: 'http://console.test/reset_password/tok/ida%40example.com', minutes: 60 }),
  invitation: (lang: string | null) =>
    userInvitationMail(lang, { name: 'Ida', club: 'Fjordvang', email: 'ida@example.com', link: 'http://console.test/reset_password/tok/ida', days: 7 }),
  added: (lang: string | null) => userAddedMail(lang, { name: 'Ida', club: 'Fjordvang', email: 'ida@example.com', link: 'http://console.test/signin' }),
  memberInvitation: (lang: string | null) => memberInvitationMail(lang, { name: 'Ida', club: 'Fjordvang', email: 'ida@example.com', unionNumber: '12-34' }),
};

describe('mail templates', () => {
  it.each(Object.keys(templates))('renders %s in every language from its own locale file, every placeholder filled', (name) => {
    const render = templates[name as keyof typeof templates];
    const english = render('en');
    for (const lang of LANGUAGES) {
      const mail = render(lang);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part.trim()).not.toBe('');
        expect(part).not.toMatch(/\{\{|\}\}/);
      }
      expect(mail.text).toContain('Ida');
      expect(mail.html).toContain(`<html lang="${lang}">`);
      // Danish and Swedish have texts of their own, not the English fallback.
      if (lang !== 'en') {
        expect(mail.subject).not.toBe(english.subject);
        expect(mail.text).not.toBe(english.text);
      }
    }
  });

  it('falls back to English for a language without locale file, or none', () => {
    for (const lang of ['de', 'EN', '', null]) {
      expect(templates.reset(lang)).toEqual(templates.reset('en'));
      expect(templates.memberInvitation(lang).subject).toBe('Fjordvang invites you to join the club');
    }
    expect(mailLanguage('xx')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
    expect(mailLanguage('sv')).toBe('sv');
  });

  it("maps a club's country to its language, else English", () => {
    expect(countryLanguage('dk')).toBe('da');
    expect(countryLanguage('DK')).toBe('da');
    expect(countryLanguage('se')).toBe('sv');
    expect(countryLanguage('us')).toBe('en');
    expect(countryLanguage('no')).toBe('en');
    expect(countryLanguage(null)).toBe('en');
  });

  it('puts links on a line of their own in the text and as a link in the HTML, escaped', () => {
    const mail = passwordResetMail('da', { name: 'A & B', link: 'http://console.test/x?a=1&b="2"', minutes: 60 });
    expect(mail.text).toMatch(/^http:\/\/console\.test\/x\?a=1&b="2"$/m);
    expect(mail.html).toContain('<a href="http://console.test/x?a=1&amp;b=&quot;2&quot;">');
    expect(mail.html).toContain('<p>Hej A &amp; B</p>');
    expect(mail.text).toContain('Hej A & B');
  });
});

/** The mails of one request: runs it and returns what it sent. */
async function mailsOf(t: TestApp, run: () => Promise<{ statusCode: number; body: string }>, expectedStatus = 200): Promise<MailMessage[]> {
  const before = t.outbox.length;
  const res = await run();
  expect(res.statusCode, res.body).toBe(expectedStatus);
  return t.outbox.slice(before);
}

/** Asserts the HTML part shows `name` only escaped, while the text part has it as written. */
function expectEscaped(mail: MailMessage) {
  expect(mail.text).toContain(XSS);
  expect(mail.html).toContain(ESCAPED);
  expect(mail.html).not.toContain(XSS);
  expect(mail.html).not.toMatch(/<b>|<script/i);
}

describe(`mails in the recipient's language (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    ({ owner, admin } = await signInActors(t, ['owner', 'admin']));
  });
  afterAll(() => t?.close());

  describe('password reset (POST /api/reset_password)', () => {
    const requestReset = (email: string) => mailsOf(t, () => call(t.app, 'POST', '/api/reset_password', { payload: { email } }));
    const LINK = /^http:\/\/console\.test\/reset_password\/[A-Za-z0-9_-]+\/\S+$/m;

    it('mails the Danish demo owner in Danish', async () => {
      const [mail] = await requestReset(DEMO.owner[0]);
      expect(mail.to).toBe('owner@example.com');
      expect(mail.subject).toBe('Nulstil din adgangskode');
      expect(mail.text).toContain('Hej Ole');
      expect(mail.text).toContain('Åbn linket inden for 60 minutter');
      expect(mail.text).toMatch(LINK);
      expect(mail.html).toContain('<html lang="da">');
      expect(mail.html).toContain(`<a href="${LINK.exec(mail.text)![0]}">`);
    });

    it('mails a Swedish user in Swedish', async () => {
      await createUser(t, { email: 'sven.reset@example.com', password: 'sven-password', firstName: 'Sven', language: 'sv' });
      const [mail] = await requestReset('sven.reset@example.com');
      expect(mail.subject).toBe('Återställ ditt lösenord');
      expect(mail.text).toContain('Hej Sven!');
      expect(mail.text).toContain('Öppna länken inom 60 minuter');
      expect(mail.text).toMatch(LINK);
    });

    it('mails in English a user whose language has no locale file', async () => {
      const id = await createUser(t, { email: 'hans.reset@example.com', password: 'hans-password', firstName: 'Hans' });
      await t.database.db.update(schema.users).set({ language: 'de' }).where(eq(schema.users.id, id));
      const [mail] = await requestReset('hans.reset@example.com');
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toContain('Hello Hans,');
      expect(mail.text).toContain('within 60 minutes');
      expect(mail.html).toContain('<html lang="en">');
    });

    it('escapes the name in the HTML part', async () => {
      await createUser(t, { email: 'xss.reset@example.com', password: 'xss-password', firstName: XSS, language: 'da' });
      const [mail] = await requestReset('xss.reset@example.com');
      expect(mail.subject).toBe('Nulstil din adgangskode');
      expectEscaped(mail);
    });
  });

  describe('users of a club (POST clubs/{clubId}/users)', () => {
    const create = (payload: Record<string, unknown>, clubId = ids.dkClubId) =>
      mailsOf(t, () => call(t.app, 'POST', `/api/clubs/${clubId}/users`, { token: owner, payload: { roles: ['club-info'], ...payload } }), 201);

    it('invites a new Danish user in Danish and a new Swedish user in Swedish, in the language given', async () => {
      const [da] = await create({ email: 'dorte@example.com', first_name: 'Dorte', language: 'da' });
      expect(da.subject).toBe('Du er inviteret til Fjordvang Golfklub i Golf Console');
      expect(da.text).toContain('Hej Dorte');
      expect(da.text).toContain('Du har fået adgang til Fjordvang Golfklub');
      expect(da.text).toContain('inden for 7 dage');
      expect(da.text).toContain('Derefter kan du logge ind med dorte@example.com');
      expect(da.text).toMatch(/^http:\/\/console\.test\/reset_password\/[A-Za-z0-9_-]+\/dorte%40example\.com$/m);
      expect(da.html).toContain('<html lang="da">');

      const [sv] = await create({ email: 'sigrid@example.com', first_name: 'Sigrid', language: 'sv' });
      expect(sv.subject).toBe('Du är inbjuden till Fjordvang Golfklub i Golf Console');
      expect(sv.text).toContain('Hej Sigrid!');
      expect(sv.text).toContain('inom 7 dagar');
      expect(sv.text).toMatch(/^http:\/\/console\.test\/reset_password\/[A-Za-z0-9_-]+\/sigrid%40example\.com$/m);

      const [en] = await create({ email: 'edward@example.com', first_name: 'Edward' });
      expect(en.subject).toBe('You are invited to Fjordvang Golfklub on Golf Console');
      expect(en.text).toContain('within 7 days');
    });

    it("tells an existing account it was added, in that account's own language, not the one in the request", async () => {
      await createUser(t, { email: 'karin@example.com', password: 'karin-password', firstName: 'Karin', language: 'sv', clubRoles: { [ids.seClubId]: ['club-info'] } });
      const [sv] = await create({ email: 'karin@example.com', first_name: 'Ignored', language: 'da' });
      expect(sv.subject).toBe('Du har lagts till i Fjordvang Golfklub i Golf Console');
      expect(sv.text).toContain('Hej Karin!');
      expect(sv.text).toMatch(/^http:\/\/console\.test\/signin$/m);
      expect(sv.text).not.toContain('reset_password');

      await createUser(t, { email: 'niels@example.com', password: 'niels-password', firstName: 'Niels', language: 'da', clubRoles: { [ids.seClubId]: ['club-info'] } });
      const [da] = await create({ email: 'niels@example.com', first_name: 'Ignored', language: 'sv' });
      expect(da.subject).toBe('Du er blevet tilføjet til Fjordvang Golfklub i Golf Console');
      expect(da.text).toContain('vælg Fjordvang Golfklub blandt dine klubber');

      const id = await createUser(t, { email: 'gerd@example.com', password: 'gerd-password', firstName: 'Gerd', clubRoles: { [ids.seClubId]: ['club-info'] } });
      await t.database.db.update(schema.users).set({ language: 'de' }).where(eq(schema.users.id, id));
      const [en] = await create({ email: 'gerd@example.com', first_name: 'Ignored', language: 'da' });
      expect(en.subject).toBe('You have been added to Fjordvang Golfklub on Golf Console');
      expect(en.text).toContain('Hello Gerd,');
    });

    it('escapes the name in the HTML part', async () => {
      const [mail] = await create({ email: 'xss.user@example.com', first_name: XSS, language: 'sv' });
      expect(mail.subject).toBe('Du är inbjuden till Fjordvang Golfklub i Golf Console');
      expectEscaped(mail);
    });
  });

  describe('members invitations (POST clubs/{clubId}/members/invitations)', () => {
    async function addMember(clubId: number, unionNumber: string, email: string, firstName: string): Promise<number> {
      const [row] = await t.database.db
        .insert(schema.clubMembers)
        .values({ clubId, unionNumber, email, firstName })
        .returning({ id: schema.clubMembers.id });
      return row.id;
    }
    const invite = (clubId: number, memberIds: number[]) =>
      mailsOf(t, () => call(t.app, 'POST', `/api/clubs/${clubId}/members/invitations`, { token: admin, payload: { ids: memberIds } }));

    it("writes in the language of the club's country: Danish for dk, Swedish for se, else English", async () => {
      const [da] = await invite(ids.dkClubId, [await addMember(ids.dkClubId, '9100-0001', 'mette@example.dk', 'Mette')]);
      expect(da.to).toBe('mette@example.dk');
      expect(da.subject).toBe('Fjordvang Golfklub inviterer dig til at blive medlem af klubben');
      expect(da.text).toContain('Hej Mette');
      expect(da.text).toContain('DGU-nummer 9100-0001');
      expect(da.text).toContain('(mette@example.dk)');
      expect(da.html).toContain('<html lang="da">');

      const [sv] = await invite(ids.seClubId, [await addMember(ids.seClubId, '9200-0001', 'astrid@example.se', 'Astrid')]);
      expect(sv.subject).toBe('Ljungbacka Golfklubb bjuder in dig att bli medlem i klubben');
      expect(sv.text).toContain('Hej Astrid!');
      expect(sv.text).toContain('Golf-ID 9200-0001');
      expect(sv.html).toContain('<html lang="sv">');

      const [us] = await t.database.db.select({ id: schema.clubs.id, name: schema.clubs.name }).from(schema.clubs).where(eq(schema.clubs.countryCode, 'us'));
      const [en] = await invite(us.id, [await addMember(us.id, '9300-0001', 'bobby@example.com', 'Bobby')]);
      expect(en.subject).toBe(`${us.name} invites you to join the club`);
      expect(en.text).toContain('Hello Bobby,');
      expect(en.text).toContain('union number 9300-0001');
      expect(en.html).toContain('<html lang="en">');
    });

    it('follows a change of the club country', async () => {
      await t.database.db.execute(sql`update clubs set country_code = 'se' where id = ${ids.dkClubId}`);
      try {
        const [mail] = await invite(ids.dkClubId, [await addMember(ids.dkClubId, '9100-0002', 'lars@example.dk', 'Lars')]);
        expect(mail.subject).toBe('Fjordvang Golfklub bjuder in dig att bli medlem i klubben');
      } finally {
        await t.database.db.execute(sql`update clubs set country_code = 'dk' where id = ${ids.dkClubId}`);
      }
    });

    it('escapes the name in the HTML part', async () => {
      const [mail] = await invite(ids.dkClubId, [await addMember(ids.dkClubId, '9100-0003', 'xss.member@example.dk', XSS)]);
      expect(mail.subject).toBe('Fjordvang Golfklub inviterer dig til at blive medlem af klubben');
      expectEscaped(mail);
    });
  });
});
