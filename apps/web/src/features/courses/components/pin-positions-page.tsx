import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import type { Course, Hole } from '@golf/contract/api/courses';
import { MAX_PIN_METRES, parsePinMetres, type PinPosition, type PinSetup, type SavePinPositionBody } from '@golf/contract/api/pins';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths } from '../../../config/paths';
import { screenHref } from '../../../config/screens';
import { awaitQueries, NotFoundCard } from '../../../components/ui/query-gate';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useCourses, usePinPositions, usePinSetups } from '../../../lib/courses/queries';
import { usePinSetupMutations, useSavePinPositions } from '../api/pin-mutations';

/** 'in' and 'side' of one hole as typed. */
export interface PinRow {
  in: string;
  side: string;
}

/** The problem with a hole's typed values (a translation key), or null. Values are base-10 integers (§5). */
export function pinRowProblem(row: PinRow): { field: 'in' | 'side'; key: string } | null {
  const hasIn = row.in.trim() !== '';
  const hasSide = row.side.trim() !== '';
  if (!hasIn && !hasSide) return null;
  const inM = parsePinMetres(row.in);
  const side = parsePinMetres(row.side);
  if (!hasIn || inM === null) return { field: 'in', key: 'pins.errors.in' };
  if (inM < 0 || inM > MAX_PIN_METRES) return { field: 'in', key: 'pins.errors.in' };
  if (!hasSide || side === null) return { field: 'side', key: 'pins.errors.side' };
  if (Math.abs(side) > MAX_PIN_METRES) return { field: 'side', key: 'pins.errors.side' };
  return null;
}

/** The calls to make: one per hole that has values, parsed as base-10 integers (§5). */
export function pinBodies(holes: readonly Hole[], rows: Record<number, PinRow>): SavePinPositionBody[] {
  return holes.flatMap((hole) => {
    const row = rows[hole.id];
    if (!row || (row.in.trim() === '' && row.side.trim() === '')) return [];
    const outMeters = parsePinMetres(row.in);
    const sideMeters = parsePinMetres(row.side);
    if (outMeters === null || sideMeters === null) return [];
    return [{ holeId: hole.id, outMeters, sideMeters }];
  });
}

/** /:clubId/courses/:courseId/pin-positions — pin setups and, per hole, 'in' and 'side' metres (§2, §5). */
export function PinPositionsPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const courseId = Number(useParams().courseId);
  const courses = useCourses(clubId);
  const setups = usePinSetups(clubId, courseId);
  const [search, setSearch] = useSearchParams();
  const snackbar = useSnackbar();
  const { save, remove } = usePinSetupMutations(clubId, courseId);
  const [naming, setNaming] = useState<PinSetup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PinSetup | null>(null);

  // The courses failing has the general heading; the pin setups failing (the courses loaded) says so.
  const gate = awaitQueries([courses, setups], { rows: 6, errorTitle: courses.isError ? undefined : t('pins.loadFailed') });
  if (gate.view) return gate.view;
  const [courseList, setupList] = gate.data;
  const course = courseList.find((c) => c.id === courseId);
  if (!course) return <NotFoundCard title={t('courses.notFound')} />;

  const list = [...setupList].sort((a, b) => a.name.localeCompare(b.name));
  const wanted = Number(search.get('setup'));
  const selected = list.find((s) => s.id === wanted) ?? list[0] ?? null;
  const select = (id: number) => setSearch({ setup: String(id) }, { replace: true });

  const saveSetup = async (name: string) => {
    try {
      const setup = await save.mutateAsync({ id: naming === 'new' || naming === null ? null : naming.id, name });
      snackbar.confirm(naming === 'new' ? t('pins.created', { name: setup.name }) : t('pins.renamed', { name: setup.name }));
      setNaming(null);
      select(setup.id);
    } catch (error) {
      snackbar.error(t('pins.setupSaveFailed'), errorText(error, t));
    }
  };
  const deleteSetup = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      snackbar.confirm(t('pins.deleted', { name: deleting.name }));
      setDeleting(null);
      setSearch({}, { replace: true });
    } catch (error) {
      setDeleting(null);
      snackbar.error(t('pins.deleteFailed'), errorText(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1200 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.club.course(clubId, course.id)}>
          {course.name}
        </Button>
        <Button startIcon={<AutorenewIcon />} component={RouterLink} to={screenHref('pinRotation', clubId, { courseId: course.id })}>
          {t('greenkeeper.pins.link')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Card component="section" aria-labelledby="pin-setups">
          <CardContent sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <Typography variant="h2" id="pin-setups">
              {t('pins.setups')}
            </Typography>
            {list.length === 0 ? (
              <Typography color="text.secondary" variant="body2">
                {t('pins.noSetups')}
              </Typography>
            ) : (
              <List dense aria-labelledby="pin-setups" disablePadding>
                {list.map((setup) => (
                  <ListItem key={setup.id} disablePadding>
                    <ListItemButton selected={setup.id === selected?.id} onClick={() => select(setup.id)} aria-current={setup.id === selected?.id ? 'true' : undefined}>
                      <ListItemText primary={setup.name} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
            <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setNaming('new')}>
              {t('pins.newSetup')}
            </Button>
          </CardContent>
        </Card>
        {selected ? (
          <SetupPositions
            key={selected.id}
            clubId={clubId}
            course={course}
            setup={selected}
            onRename={() => setNaming(selected)}
            onDelete={() => setDeleting(selected)}
          />
        ) : (
          <Card>
            <EmptyState title={t('pins.noSetupTitle')}>
              <Typography variant="body2">{t('pins.noSetupText')}</Typography>
            </EmptyState>
          </Card>
        )}
      </Box>
      {naming !== null && <SetupNameDialog setup={naming === 'new' ? null : naming} busy={save.isPending} onClose={() => setNaming(null)} onSave={saveSetup} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('pins.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('pins.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void deleteSetup()}
      >
        {t('pins.confirmDeleteText')}
      </ConfirmDialog>
    </Box>
  );
}

function SetupNameDialog({ setup, busy, onClose, onSave }: { setup: PinSetup | null; busy: boolean; onClose: () => void; onSave: (name: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(setup?.name ?? '');
  const [touched, setTouched] = useState(false);
  const problem = !name.trim() ? 'pins.errors.nameRequired' : name.trim().length > 100 ? 'validation.tooLong' : null;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="setup-name-title">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problem) onSave(name.trim());
        }}
      >
        <DialogTitle id="setup-name-title">{setup ? t('pins.renameTitle') : t('pins.newSetup')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={t('pins.setupName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={touched && !!problem}
            helperText={touched && problem ? t(problem) : t('pins.setupNameHint')}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {setup ? t('pins.rename') : t('pins.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function rowsOf(positions: PinPosition[]): Record<number, PinRow> {
  return Object.fromEntries(positions.map((p) => [p.holeId, { in: String(p.outMeters), side: String(p.sideMeters) }]));
}

function SetupPositions({ clubId, course, setup, onRename, onDelete }: { clubId: number; course: Course; setup: PinSetup; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const positions = usePinPositions(clubId, setup.id);
  return (
    <Card component="section" aria-labelledby="pin-setup-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h2" id="pin-setup-title" sx={{ mr: 'auto' }}>
            {setup.name}
          </Typography>
          <Button startIcon={<DriveFileRenameOutlineIcon />} onClick={onRename}>
            {t('pins.rename')}
          </Button>
          <Button startIcon={<DeleteOutlinedIcon />} color="error" onClick={onDelete}>
            {t('pins.delete')}
          </Button>
          <Button startIcon={<PrintOutlinedIcon />} variant="outlined" component={RouterLink} to={paths.club.pinSheet(clubId, course.id, setup.id)}>
            {t('pins.print')}
          </Button>
        </Box>
        <Alert severity="info" icon={false} id="pin-help">
          {t('pins.help')}
        </Alert>
        {positions.isError ? (
          <ErrorState error={positions.error} title={t('pins.positionsLoadFailed')} onRetry={() => void positions.refetch()} />
        ) : !positions.data ? (
          <LoadingState rows={4} />
        ) : (
          <PositionsForm key={positions.dataUpdatedAt} clubId={clubId} course={course} setupId={setup.id} initial={rowsOf(positions.data)} />
        )}
      </CardContent>
    </Card>
  );
}

function PositionsForm({ clubId, course, setupId, initial }: { clubId: number; course: Course; setupId: number; initial: Record<number, PinRow> }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const savePositions = useSavePinPositions(clubId, setupId);
  const [rows, setRows] = useState<Record<number, PinRow>>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const holes = useMemo(() => [...course.holes].sort((a, b) => a.order - b.order), [course.holes]);
  const problems = new Map(holes.map((h) => [h.id, pinRowProblem(rows[h.id] ?? { in: '', side: '' })]));
  const invalid = [...problems.values()].some(Boolean);
  const dirty = holes.some((h) => (rows[h.id]?.in ?? '') !== (initial[h.id]?.in ?? '') || (rows[h.id]?.side ?? '') !== (initial[h.id]?.side ?? ''));
  const set = (holeId: number, field: keyof PinRow, value: string) =>
    setRows((current) => ({ ...current, [holeId]: { ...(current[holeId] ?? { in: '', side: '' }), [field]: value } }));

  const save = async () => {
    setShowErrors(true);
    if (invalid) return;
    const bodies = pinBodies(holes, rows);
    if (bodies.length === 0) return;
    const { saved, failed } = await savePositions.mutateAsync(bodies);
    if (saved.length === 0) snackbar.error(t('pins.addFailed'), failed[0] instanceof Error ? errorText(failed[0], t) : undefined);
    else if (failed.length > 0) snackbar.warn(t('pins.partlySaved', { saved: saved.length, total: bodies.length }), errorText(failed[0], t));
    else snackbar.confirm(t('pins.saved', { count: saved.length }));
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TableContainer component={Paper} variant="outlined" sx={{ minWidth: 0 }}>
        <Table size="small" aria-label={t('pins.tableLabel')} aria-describedby="pin-help" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('courses.holes.number')}</TableCell>
              <TableCell>{t('courses.holes.par')}</TableCell>
              <TableCell>{t('pins.in')}</TableCell>
              <TableCell>{t('pins.side')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {holes.map((hole) => {
              const row = rows[hole.id] ?? { in: '', side: '' };
              const problem = problems.get(hole.id);
              const shown = problem && (showErrors || row.in !== (initial[hole.id]?.in ?? '') || row.side !== (initial[hole.id]?.side ?? '')) ? problem : null;
              return (
                <TableRow key={hole.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{hole.order}</TableCell>
                  <TableCell>{hole.par}</TableCell>
                  {(['in', 'side'] as const).map((field) => (
                    <TableCell key={field} sx={{ verticalAlign: 'top' }}>
                      <TextField
                        size="small"
                        value={row[field]}
                        onChange={(e) => set(hole.id, field, e.target.value)}
                        error={shown?.field === field}
                        helperText={shown?.field === field ? t(shown.key, { max: MAX_PIN_METRES }) : undefined}
                        sx={{ width: { xs: 76, sm: 120 } }}
                        slotProps={{
                          htmlInput: {
                            inputMode: field === 'side' ? 'text' : 'numeric',
                            'aria-label': t(field === 'in' ? 'pins.inOf' : 'pins.sideOf', { number: hole.order }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color={showErrors && invalid ? 'error' : 'text.secondary'} sx={{ mr: 'auto' }} aria-live="polite">
          {showErrors && invalid ? t('courses.fixErrors') : dirty ? t('courses.unsaved') : ''}
        </Typography>
        <Button onClick={() => setRows(initial)} disabled={!dirty || savePositions.isPending}>
          {t('common.discard')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!dirty || savePositions.isPending}>
          {savePositions.isPending ? t('common.saving') : t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
