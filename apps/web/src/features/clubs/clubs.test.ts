import { describe, expect, it } from 'vitest';
import { club as clubRecord, profile } from '../../testing/fixtures';
import { filterClubs } from './api/get-clubs';
import { targetSection } from './api/switch-club';
import { handleFromName } from './components/create-club-dialog';

const club = (id: number, name: string, handle: string, city: string) =>
  clubRecord({ id, name, handle, region_ids: [], position: null, address: { street: '', city, zip: '', country_code: 'dk' } });

const clubs = [club(1, 'Fjordvang Golfklub', 'fjordvang', 'Vejle'), club(2, 'Ljungbacka Golfklubb', 'ljungbacka', 'Ängelholm')];

describe('club search', () => {
  it('matches name, handle and city, ignoring case and accents', () => {
    expect(filterClubs(clubs, '').map((c) => c.id)).toEqual([1, 2]);
    expect(filterClubs(clubs, 'FJORD').map((c) => c.id)).toEqual([1]);
    expect(filterClubs(clubs, 'angelholm').map((c) => c.id)).toEqual([2]);
    expect(filterClubs(clubs, 'nowhere')).toEqual([]);
  });

  it('is fuzzy: a typo still finds the club (threshold 0.2), a different word does not', () => {
    expect(filterClubs(clubs, 'fjordvong').map((c) => c.id)).toEqual([1]);
    expect(filterClubs(clubs, 'ljungbaka').map((c) => c.id)).toEqual([2]);
    expect(filterClubs(clubs, 'copenhagen')).toEqual([]);
  });

  it('takes comma-separated terms', () => {
    expect(filterClubs(clubs, 'vejle, ljung').map((c) => c.id)).toEqual([1, 2]);
    expect(filterClubs(clubs, ' , ').map((c) => c.id)).toEqual([1, 2]);
  });
});

describe('club switch target', () => {
  const staff = profile({ roles: { '1': ['club-info'], '2': ['insights'] } });

  it('keeps the section the user came from when it may be opened there, else home', () => {
    expect(targetSection('club', staff, 1)).toBe('club');
    expect(targetSection('club', staff, 2)).toBe('home');
    expect(targetSection('settings', staff, 2)).toBe('settings');
    expect(targetSection('clubs', staff, 1)).toBe('home');
    expect(targetSection(null, staff, 1)).toBe('home');
  });
});

describe('handle from name', () => {
  it('makes a URL-safe handle', () => {
    expect(handleFromName('Søhøj Golfklub')).toBe('sohoj-golfklub');
    expect(handleFromName('  Ängelholms GK!! ')).toBe('angelholms-gk');
    expect(handleFromName('Ærø Golf')).toBe('aero-golf');
  });
});
