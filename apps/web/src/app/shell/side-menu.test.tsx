import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { visibleMenu } from '@golf/contract/menu';
import { CLUB_ROLES } from '@golf/contract/roles';
import type { Profile } from '@golf/contract/api/session';
import { renderWithProviders } from '../../testing/render';
import { isAvailable } from '../route-table';
import { SideMenu } from './side-menu';

const base = { email: 'x@example.com', firstName: 'X', lastName: 'Y', photoFileName: null, language: 'en' as const, defaultClubId: 1 };
const admin: Profile = { ...base, id: 1, admin: true, roles: {}, regionRoles: {} };
const owner: Profile = { ...base, id: 2, admin: false, roles: { '1': [...CLUB_ROLES] }, regionRoles: { '1': ['owner'] } };
const staff: Profile = { ...base, id: 3, admin: false, roles: { '1': ['club-info', 'club-gallery', 'opening-hours'] }, regionRoles: {} };
const insightsOnly: Profile = { ...base, id: 4, admin: false, roles: { '1': ['insights'] }, regionRoles: {} };

const summary = (profile: Profile, available: (path: string) => boolean) =>
  visibleMenu(profile, 1, available).map((g) => ({ key: g.key, direct: g.direct, entries: g.entries.map((e) => e.path) }));

describe('side menu entries', () => {
  const homeAndClub = [
    { key: 'home', direct: true, entries: ['home'] },
    { key: 'club', direct: true, entries: ['club'] },
  ];

  it('shows admin, owner and staff only the built screens they may open', () => {
    expect(summary(admin, isAvailable)).toEqual(homeAndClub);
    expect(summary(owner, isAvailable)).toEqual(homeAndClub);
    expect(summary(staff, isAvailable)).toEqual(homeAndClub);
  });

  it('leaves out entries without the role', () => {
    expect(summary(insightsOnly, isAvailable)).toEqual([{ key: 'home', direct: true, entries: ['home'] }]);
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

  it('is not shown to a user with no role in the club', () => {
    expect(visibleMenu(staff, 2, isAvailable)).toEqual([]);
  });
});

describe('<SideMenu>', () => {
  it('renders direct links with help, and the Support group for an admin', async () => {
    renderWithProviders(<SideMenu profile={admin} clubId={1} />, { path: '/1/home' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/1/home');
    expect(within(nav).getByRole('link', { name: 'Club information' })).toHaveAttribute('href', '/1/club');
    const help = within(nav).getByRole('link', { name: 'Help: Club information' });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('href')).toMatch(/\/articles\/club-information$/);
    expect(within(nav).queryByRole('link', { name: 'Gallery' })).toBeNull();

    const support = within(nav).getByRole('button', { name: 'Support' });
    expect(support).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(support);
    expect(support).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Support centre' })).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'Webinars' })).toHaveAttribute('target', '_blank');
    const mail = within(nav).getByRole('link', { name: 'Contact support' }).getAttribute('href') ?? '';
    expect(mail).toMatch(/^mailto:/);
    const body = decodeURIComponent(mail.split('body=')[1]);
    expect(body).toContain('Version: 3.111.6');
    expect(body).toContain('Page: /1/home');
    expect(body).toContain(`Browser: ${navigator.userAgent}`);
  });

  it('has no Support group for staff', () => {
    renderWithProviders(<SideMenu profile={staff} clubId={1} />, { path: '/1/home' });
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Club information' })).toBeInTheDocument();
  });
});
