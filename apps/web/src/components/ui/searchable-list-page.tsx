/**
 * The list screen with a search field (clubs, users, and the lists areas add): the search box
 * and the screen's main action on one line, then the load cycle (ListStates: loading, error with
 * Retry, empty, no match), a live count of what is shown, and the rows in one outlined list.
 * The screen keeps its rows, its dialogs and how it searches (`filter`); the page keeps the
 * search text, deferred so typing stays quick on long lists.
 */
import { useDeferredValue, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { EmptyState } from './empty-state';
import { ListStates } from './list-states';

export interface SearchableListTexts {
  search: string;
  /** Under the search field, e.g. how several terms combine. */
  searchHint?: string;
  loadFailed: string;
  /** There is nothing at all yet. */
  empty: string;
  noMatch: (query: string) => string;
  count: (shown: number) => string;
  listLabel: string;
}

export function SearchableListPage<T>({
  query,
  filter,
  texts,
  action,
  renderRow,
  children,
}: {
  query: { data: T[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  filter: (items: T[], search: string) => T[];
  texts: SearchableListTexts;
  /** The screen's main action beside the search (e.g. a 'New …' button). */
  action?: ReactNode;
  /** One row: a ListItem; `divider` is false for the last one. */
  renderRow: (item: T, divider: boolean) => ReactNode;
  /** Dialogs and whatever else the screen shows below the list. */
  children?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const shown = query.data ? filter(query.data, deferred) : [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          type="search"
          label={texts.search}
          helperText={texts.searchHint}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="small"
          fullWidth
          sx={{ maxWidth: { sm: 420 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {action && <Box sx={{ ml: { sm: 'auto' }, alignSelf: { sm: texts.searchHint ? 'flex-start' : 'center' }, flexShrink: { xs: 1, sm: 0 }, minWidth: 0, maxWidth: '100%' }}>{action}</Box>}
      </Box>

      <ListStates
        query={query}
        errorTitle={texts.loadFailed}
        empty={
          query.data?.length === 0 ? (
            <EmptyState title={texts.empty} />
          ) : shown.length === 0 ? (
            <EmptyState title={texts.noMatch(deferred)} />
          ) : null
        }
      >
        {() => (
          <>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {texts.count(shown.length)}
            </Typography>
            <Paper variant="outlined">
              <List aria-label={texts.listLabel} disablePadding>
                {shown.map((item, index) => renderRow(item, index < shown.length - 1))}
              </List>
            </Paper>
          </>
        )}
      </ListStates>

      {children}
    </Box>
  );
}
