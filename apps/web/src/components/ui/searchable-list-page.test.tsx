import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ListItem from '@mui/material/ListItem';
import { SearchableListPage, type SearchableListTexts } from './searchable-list-page';

const texts: SearchableListTexts = {
  search: 'Search',
  loadFailed: 'Could not load',
  empty: 'Nothing yet',
  noMatch: (q) => `Nothing matches ${q}`,
  count: (n) => `${n} shown`,
  listLabel: 'Fruit',
};
const loaded = (data: string[] | undefined) => ({ data, isPending: data === undefined, isError: false, error: null, refetch: () => undefined });
const byText = (items: string[], q: string) => items.filter((i) => i.includes(q));
const row = (item: string, divider: boolean) => (
  <ListItem key={item} divider={divider}>
    {item}
  </ListItem>
);

describe('SearchableListPage', () => {
  it('filters the rows as the search changes, counts them and says when nothing matches', async () => {
    render(<SearchableListPage query={loaded(['apple', 'pear', 'plum'])} filter={byText} texts={texts} renderRow={row} action={<button>New</button>} />);
    expect(screen.getByRole('list', { name: 'Fruit' }).querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByText('3 shown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'p');
    expect(await screen.findByText('3 shown')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'l');
    expect(await screen.findByText('2 shown')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'u');
    expect(await screen.findByText('1 shown')).toBeInTheDocument();
    expect(screen.getByText('plum')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'x');
    expect(await screen.findByText('Nothing matches plux')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('tells an empty list apart from no match, and shows the load cycle', () => {
    const { rerender } = render(<SearchableListPage query={loaded([])} filter={byText} texts={texts} renderRow={row} />);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    rerender(<SearchableListPage query={{ ...loaded(undefined), isPending: false, isError: true, error: new Error('down') }} filter={byText} texts={texts} renderRow={row} />);
    expect(screen.getByText('Could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
