import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { sortRows, type SortDirection, type SortValue } from '../utils/areas';

export interface SortColumn<R> {
  key: string;
  label: ReactNode;
  /** Numbers: aligned right, sorted largest first on the first click. */
  numeric?: boolean;
  /** What the column sorts by. */
  sortValue: (row: R) => SortValue;
  cell: (row: R) => ReactNode;
  /** The first column names the row (a row header). */
  rowHeader?: boolean;
}

/**
 * A table whose columns sort by a click on their heading (again: the other way). The totals row,
 * when given, stays last whatever the order. Wide tables scroll inside their box, which the
 * keyboard can focus to scroll.
 */
export function SortableTable<R>({
  rows,
  columns,
  rowKey,
  labelledBy,
  initialSort,
  totals,
  testId,
  maxHeight,
}: {
  rows: readonly R[];
  columns: SortColumn<R>[];
  rowKey: (row: R) => string;
  labelledBy: string;
  initialSort: { key: string; direction: SortDirection };
  /** Cells of the totals row, one per column. */
  totals?: ReactNode[];
  testId?: string;
  maxHeight?: number;
}) {
  const { i18n } = useTranslation();
  const [sort, setSort] = useState(initialSort);
  const column = columns.find((c) => c.key === sort.key) ?? columns[0]!;
  // Ties keep the first order (e.g. largest area first when sorting by count).
  const first = columns.find((c) => c.key === initialSort.key) ?? columns[0]!;
  const sorted = sortRows(sortRows(rows, first.sortValue, initialSort.direction, i18n.language), column.sortValue, sort.direction, i18n.language);
  const sortBy = (c: SortColumn<R>) =>
    setSort((current) => (current.key === c.key ? { key: c.key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key: c.key, direction: c.numeric ? 'desc' : 'asc' }));
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
      data-testid={testId}
      sx={{ maxHeight, '@media print': { maxHeight: 'none', overflow: 'visible' } }}
    >
      <Table size="small" stickyHeader={maxHeight !== undefined} aria-labelledby={labelledBy} sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => {
              const active = c.key === column.key;
              return (
                <TableCell
                  key={c.key}
                  align={c.numeric ? 'right' : 'left'}
                  sortDirection={active ? sort.direction : false}
                  sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  <TableSortLabel
                    active={active}
                    direction={active ? sort.direction : c.numeric ? 'desc' : 'asc'}
                    onClick={() => sortBy(c)}
                  >
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  component={c.rowHeader ? 'th' : 'td'}
                  scope={c.rowHeader ? 'row' : undefined}
                  align={c.numeric ? 'right' : 'left'}
                  sx={{ whiteSpace: c.numeric || c.rowHeader ? 'nowrap' : undefined, fontVariantNumeric: 'tabular-nums' }}
                >
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {totals && (
            <TableRow data-testid={testId ? `${testId}-totals` : undefined}>
              {totals.map((cell, i) => (
                <TableCell
                  key={columns[i]?.key ?? i}
                  component={i === 0 ? 'th' : 'td'}
                  scope={i === 0 ? 'row' : undefined}
                  align={columns[i]?.numeric ? 'right' : 'left'}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap', borderTop: 2, borderTopColor: 'divider', fontVariantNumeric: 'tabular-nums' }}
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
