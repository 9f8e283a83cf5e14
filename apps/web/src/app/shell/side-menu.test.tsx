import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { visibleMenu } from '@golf/contract/menu';
import { CLUB_ROLES } from '@golf/contract/roles';
import type { Profile } from '@golf/contract/api/session';
import { fakeApi } from '../../testing/api';
import { renderWithProviders } from '../../testing/render';
import { isAvailable } from '../route-table';
import { SideMenu } from './side-menu';
import rootPackage from '../../../../../package.json';

const base = { email: 'x@example.com', firstName: 'X', lastName: 'Y', photoFileName: null, language: 'en' as const, defaultClubId: 1 };
const admin: Profile = { ...base, id: 1, admin: true, roles: {}, regionRoles: {} };
const owner: Profile = { ...base, id: 2, admin: false, roles: { '1': [...CLUB_ROLES] }, regionRoles: { '1': ['owner'] } };
const staff: Profile = { ...base, id: 3, admin: false, roles: { '1': ['club-info', 'club-gallery', 'opening-hours'] }, regionRoles: {} };
const insightsOnly: Profile = { ...base, id: 4, admin: false, roles: { '1': ['insights'] }, regionRoles: {} };

const summary = (profile: Profile, available: (path: string) => boolean) =>
  visibleMenu(profile, 1, available).map((g) => ({ key: g.key, direct: g.direct, entries: g.entries.map((e) => e.path) }));

describe('side menu entries', () => {
  const clubScreens = ['club', 'club/club-app', 'club/gallery', 'club/hours'];

  it('shows admin, owner and staff only the built screens they may open', () => {
    expect(summary(staff, isAvailable)).toEqual([
      { key: 'home', direct: true, entries: ['home'] },
      { key: 'club', direct: false, entries: clubScreens },
    ]);
    for (const profile of [admin, owner]) {
      const club = summary(profile, isAvailable).find((g) => g.key === 'club');
      expect(club?.entries).toEqual(expect.arrayContaining(clubScreens));
    }
  });

  it('shows each club screen by its own role', () => {
    const only = (role: string): Profile => ({ ...staff, roles: { '1': [role] } });
    expect(summary(only('club-gallery'), isAvailable)).toContainEqual({ key: 'club', direct: true, entries: ['club/gallery'] });
    expect(summary(only('opening-hours'), isAvailable)).toContainEqual({ key: 'club', direct: true, entries: ['club/hours'] });
    expect(summary(only('club-info'), isAvailable)).toContainEqual({ key: 'club', direct: false, entries: ['club', 'club/club-app'] });
  });

  it('leaves out entries without the role', () => {
    expect(summary(insightsOnly, isAvailable)).toEqual([
      { key: 'home', direct: true, entries: ['home'] },
      { key: 'insights', direct: false, entries: ['insights/games', 'insights/heatmap'] },
    ]);
    expect(summary(staff, isAvailable)).not.toContainEqual(expect.objectContaining({ key: 'insights' }));
  });

  it('would show more without the available filter (areas not built are hidden, not placeholders)', () => {
    const all = () => true;
    const staffAll = summary(staff, all);
    expect(staffAll.find((g) => g.key === 'club')).toEqual({
      key: 'club',
      direct: false,
      entries: ['club', 'club/club-app', 'club/gallery', 'club/hours'],
    });
    expect(summary(owner, all).map((g) => g.key)).toContain('management');
    expect(summary(owner, all).map((g) => g.key)).not.toContain('admin');
    expect(summary(admin, all).map((g) => g.key)).toContain('admin');
  });

  it("lists the club's courses under Courses for the courses role, with 'new' only for management", () => {
    const links = [{ id: 5, name: 'Fjordvang Links' }];
    const courses = (profile: Profile) => visibleMenu(profile, 1, isAvailable, links).find((g) => g.key === 'courses');
    expect(courses(owner)).toEqual(expect.objectContaining({ entries: [expect.objectContaining({ path: 'courses/new' })], courses: links }));
    expect(courses(admin)?.courses).toEqual(links);
    const coursesRoleOnly: Profile = { ...staff, roles: { '1': ['courses'] } };
    expect(courses(coursesRoleOnly)).toEqual(expect.objectContaining({ entries: [], courses: links, direct: false }));
    expect(courses(staff)).toBeUndefined();
  });

  it('is not shown to a user with no role in the club', () => {
    expect(visibleMenu(staff, 2, isAvailable)).toEqual([]);
  });
});

// Rendering the whole menu and querying it by role takes a few seconds in jsdom on a busy machine.
describe('<SideMenu>', { timeout: 20_000 }, () => {
  it('renders direct links with help, and the Support group for an admin', async () => {
    // An admin's menu lists the club's courses: it has none.
    fakeApi.get('clubs/1/courses', []);
    renderWithProviders(<SideMenu profile={admin} clubId={1} />, { path: '/1/home' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/1/home');
    await userEvent.click(within(nav).getByRole('button', { name: 'Club' }));
    expect(within(nav).getByRole('link', { name: 'Club information' })).toHaveAttribute('href', '/1/club');
    const help = within(nav).getByRole('link', { name: 'Help: Club information' });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('href')).toMatch(/\/articles\/club-information$/);
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/1/club/gallery');
    expect(within(nav).getByRole('link', { name: 'Help: Gallery' }).getAttribute('href')).toMatch(/\/articles\/club-gallery$/);
    expect(within(nav).getByRole('link', { name: 'Help: Opening hours & pricing' }).getAttribute('href')).toMatch(/opening-hours-and-pricing$/);

    const support = within(nav).getByRole('button', { name: 'Support' });
    expect(support).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(support);
    expect(support).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Support centre' })).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'Webinars' })).toHaveAttribute('target', '_blank');
    const mail = within(nav).getByRole('link', { name: 'Contact support' }).getAttribute('href') ?? '';
    expect(mail).toMatch(/^mailto:/);
    const body = decodeURIComponent(mail.split('body=')[1]);
    expect(body).toContain(`Version: ${rootPackage.version}`);
    expect(body).toContain('Page: /1/home');
    expect(body).toContain(`Browser: ${navigator.userAgent}`);
  });

  it('has no Support group for staff, and opens the group of the current screen', () => {
    renderWithProviders(<SideMenu profile={staff} clubId={1} />, { path: '/1/club/gallery' });
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Club information' })).toHaveAttribute('href', '/1/club');
    expect(screen.getByRole('link', { name: 'Club app' })).toHaveAttribute('href', '/1/club/club-app');
    expect(screen.getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/1/club/gallery');
    expect(screen.getByRole('link', { name: 'Opening hours & pricing' })).toHaveAttribute('href', '/1/club/hours');
  });
});

describe('<SideMenu> courses', () => {
  it('opens Courses on a course screen once the courses have loaded, and marks only that course', async () => {
    fakeApi.get('clubs/1/courses', [
      { id: 1, club_id: 1, name: 'Fjordvang Links', holes: [], updated_at: '' },
      { id: 10, club_id: 1, name: 'Par 3 course', holes: [], updated_at: '' },
    ]);
    renderWithProviders(<SideMenu profile={owner} clubId={1} />, { path: '/1/courses/1/holes/4/edit' });
    const links = await screen.findByRole('link', { name: 'Fjordvang Links' });
    expect(links).toHaveAttribute('href', '/1/courses/1');
    expect(screen.getByRole('button', { name: 'Courses' })).toHaveAttribute('aria-expanded', 'true');
    expect(links.className).toMatch(/Mui-selected/);
    expect(screen.getByRole('link', { name: 'Par 3 course' }).className).not.toMatch(/Mui-selected/);
  });
});
