import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Course, HoleTee, Tee } from '@golf/contract/api/courses';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { paths } from '../../../config/paths';
import { NotFoundCard } from '../../../components/ui/query-gate';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useUpdateCourse } from '../api/course-mutations';
import { useCourseWithTees } from '../../../lib/courses/course-with-tees';
import {
  courseValues,
  distanceProblem,
  handicapClashes,
  handicapProblem,
  parProblem,
  parseWhole,
  toUpdateBody,
  type CourseFormValues,
} from '../utils/course-form';
import { nextCell } from '../utils/grid-navigation';
import { wholeMetres } from '../../../lib/map/format';
import { TeeSwatch } from './tee-dialog';

/** /:clubId/courses/:courseId/manage-all-holes — par, handicap and tee distances of every hole in one table. */
export function ManageAllHolesPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const courseId = Number(useParams().courseId);
  const loaded = useCourseWithTees(clubId, courseId, 10);
  if (loaded.view) return loaded.view;
  const { course, tees, holesTees } = loaded.data;
  if (!course) return <NotFoundCard title={t('courses.notFound')} />;
  return <HolesGrid key={course.id} clubId={clubId} course={course} tees={tees} holesTees={holesTees} />;
}

/** The grid's cells: per hole par, handicap, then one distance per tee. */
type Grid = string[][];

function toGrid(values: CourseFormValues): Grid {
  return values.holes.map((h) => [h.par, h.handicap, ...values.tees.map((tee) => h.distances[tee.key] ?? '')]);
}

function fromGrid(base: CourseFormValues, grid: Grid): CourseFormValues {
  return {
    ...base,
    holes: base.holes.map((h, r) => ({
      ...h,
      par: grid[r][0],
      handicap: grid[r][1],
      distances: Object.fromEntries(base.tees.map((tee, c) => [tee.key, grid[r][c + 2]])),
    })),
  };
}

/** Translation keys of the problems of each cell (null when fine). */
export function gridProblems(grid: Grid): (string | null)[][] {
  const clashes = handicapClashes(grid.map((row) => row[1]));
  return grid.map((row, r) =>
    row.map((value, c) => {
      if (c === 0) return parProblem(value);
      if (c === 1) return handicapProblem(value, grid.length) ?? (clashes.has(r) ? 'courses.errors.handicapClash' : null);
      return distanceProblem(value);
    }),
  );
}

function HolesGrid({ clubId, course, tees, holesTees }: { clubId: number; course: Course; tees: Tee[]; holesTees: HoleTee[] }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const update = useUpdateCourse(clubId, course.id);
  const base = useMemo(() => courseValues(course, tees, holesTees), [course, tees, holesTees]);
  const [saved, setSaved] = useState<Grid>(() => toGrid(base));
  const [grid, setGrid] = useState<Grid>(saved);
  const [showErrors, setShowErrors] = useState(false);
  const cells = useRef(new Map<string, HTMLInputElement>());
  const rows = grid.length;
  const cols = 2 + base.tees.length;
  const problems = gridProblems(grid);
  const clashes = handicapClashes(grid.map((row) => row[1]));
  const dirty = grid.some((row, r) => row.some((v, c) => v !== saved[r][c]));
  const invalid = problems.some((row) => row.some(Boolean));


  const focusCell = (row: number, col: number) => {
    const input = cells.current.get(`${row}:${col}`);
    input?.focus();
    input?.select();
  };

  const onKeyDown = (row: number, col: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const start = input.selectionStart ?? 0;
    const end = input.selectionEnd ?? 0;
    const target = nextCell(
      { row, col },
      { key: event.key, shiftKey: event.shiftKey, atStart: start === 0 && end === 0, atEnd: start === input.value.length && end === input.value.length },
      rows,
      cols,
    );
    if (!target) return;
    event.preventDefault();
    focusCell(target.row, target.col);
  };

  const setCell = (row: number, col: number, value: string) =>
    setGrid((current) => current.map((r, i) => (i === row ? r.map((v, j) => (j === col ? value : v)) : r)));

  const save = async () => {
    setShowErrors(true);
    if (invalid) {
      const [r, c] = problems.flatMap((row, r) => row.map((p, c) => (p ? [r, c] : null))).find(Boolean) ?? [0, 0];
      focusCell(r, c);
      snackbar.error(t('courses.fixErrors'));
      return;
    }
    try {
      await update.mutateAsync(toUpdateBody(fromGrid(base, grid)));
      setSaved(grid);
      setShowErrors(false);
      snackbar.confirm(t('courses.saved'));
    } catch (error) {
      snackbar.error(t('courses.saveFailed'), errorText(error, t));
    }
  };

  const columnTotal = (col: number) => grid.reduce((sum, row) => sum + (Number.isFinite(parseWhole(row[col]) ?? 0) ? (parseWhole(row[col]) ?? 0) : 0), 0);
  const headers = [t('courses.holes.par'), t('courses.holes.handicap'), ...base.tees.map((tee) => tee.name)];
  const cellLabel = (row: number, col: number) => {
    const number = row + 1;
    if (col === 0) return t('courses.holes.parOf', { number });
    if (col === 1) return t('courses.holes.handicapOf', { number });
    return t('courses.holes.distanceOf', { number, tee: base.tees[col - 2].name });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1200, pb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.club.course(clubId, course.id)}>
          {course.name}
        </Button>
        <Typography variant="body2" color="text.secondary" id="grid-help" sx={{ flex: '1 1 320px' }}>
          {t('courses.grid.help')}
        </Typography>
      </Box>
      <Paper variant="outlined">
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('courses.grid.label', { name: course.name })} aria-describedby="grid-help" sx={{ minWidth: 280 + base.tees.length * 100, '& td, & th': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" sx={{ width: 56 }}>
                  {t('courses.holes.number')}
                </TableCell>
                {headers.map((header, c) => (
                  <TableCell key={c} align="right">
                    <Box sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
                      {c >= 2 && <TeeSwatch color={base.tees[c - 2].color} size={14} />}
                      {c >= 2 ? t('courses.holes.teeMetres', { tee: header }) : header}
                    </Box>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {grid.map((row, r) => (
                <TableRow key={base.holes[r].id ?? r}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {r + 1}
                  </TableCell>
                  {row.map((value, c) => {
                    const changed = value !== saved[r][c];
                    const problem = problems[r][c];
                    // A handicap clash shows at once; other problems once typed or after a save attempt.
                    const shown = problem && (showErrors || changed || (c === 1 && clashes.has(r))) ? problem : null;
                    const errorId = `cell-error-${r}-${c}`;
                    return (
                      <TableCell key={c} align="right" sx={{ verticalAlign: 'top', bgcolor: (theme) => (shown ? alpha(theme.palette.error.main, 0.06) : changed ? theme.palette.action.hover : undefined) }}>
                        <InputBase
                          value={value}
                          inputRef={(el: HTMLInputElement | null) => {
                            if (el) cells.current.set(`${r}:${c}`, el);
                            else cells.current.delete(`${r}:${c}`);
                          }}
                          onChange={(e) => setCell(r, c, e.target.value)}
                          onKeyDown={onKeyDown(r, c)}
                          onFocus={(e) => e.target.select()}
                          error={!!shown}
                          inputProps={{
                            'aria-label': cellLabel(r, c),
                            'aria-invalid': !!shown,
                            'aria-describedby': shown ? errorId : undefined,
                            inputMode: 'numeric',
                            'data-cell': `${r}:${c}`,
                            style: { textAlign: 'right' },
                          }}
                          sx={{
                            width: '100%',
                            minWidth: 56,
                            px: 1,
                            borderRadius: 1,
                            border: 1,
                            borderColor: shown ? 'error.main' : 'divider',
                            '&.Mui-focused': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
                          }}
                        />
                        {shown && (
                          <Typography id={errorId} variant="caption" color="error" sx={{ display: 'block', textAlign: 'left', lineHeight: 1.2, mt: 0.25 }}>
                            {c === 1 && clashes.has(r)
                              ? t('courses.errors.handicapClashWith', { holes: clashes.get(r)!.join(', '), count: clashes.get(r)!.length })
                              : t(shown, { max: rows })}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700, color: 'text.primary' }}>
                  {t('courses.grid.total')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, color: 'text.primary' }} aria-label={t('courses.grid.parTotal')}>
                  {columnTotal(0)}
                </TableCell>
                <TableCell />
                {base.tees.map((tee, i) => (
                  <TableCell key={tee.key} align="right" sx={{ fontWeight: 700, color: 'text.primary' }} aria-label={t('courses.grid.teeTotal', { tee: tee.name })}>
                    {t('courses.metres', { value: wholeMetres(columnTotal(i + 2), i18n.language) })}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      </Paper>
      {base.tees.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('courses.grid.noTees')}
        </Typography>
      )}
      <Paper
        elevation={3}
        sx={{ position: 'sticky', bottom: { xs: 8, sm: 16 }, zIndex: 2, p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}
      >
        <Typography variant="body2" color={showErrors && invalid ? 'error' : 'text.secondary'} sx={{ mr: 'auto' }} aria-live="polite">
          {showErrors && invalid ? t('courses.fixErrors') : dirty ? t('courses.unsaved') : ''}
        </Typography>
        <Button onClick={() => setGrid(saved)} disabled={!dirty || update.isPending}>
          {t('common.discard')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!dirty || update.isPending}>
          {update.isPending ? t('common.saving') : t('common.save')}
        </Button>
      </Paper>
      <UnsavedChangesGuard
        dirty={dirty}
        saving={update.isPending}
        texts={{ title: t('courses.leave.title'), text: t('courses.leave.text'), stay: t('courses.leave.stay'), leave: t('courses.leave.leave') }}
      />
    </Box>
  );
}
