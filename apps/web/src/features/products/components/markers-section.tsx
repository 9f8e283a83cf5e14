import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { markerProblems, sortMarkers, type Guide, type MarkerProblem } from '@golf/contract/api/guides';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useSetDistanceMarkers } from '../api/guides';
import { parseMarkerInput } from '../utils/guide-pages';
import { GuideSaveBar, SectionCard, UnsavedChangesGuard } from './guide-form';

type Markers = Record<number, number[]>;

const STANDARD = [100, 150, 200];

function savedMarkers(guide: Guide): Markers {
  return Object.fromEntries(guide.holes.map((h) => [h.hole_id, guide.distances.find((d) => d.hole_id === h.hole_id)?.distances ?? []]));
}

/** /setup-distance-markers — per hole, the markers in metres from the green front (e.g. 100, 150, 200), as chips. */
export function MarkersSection({ clubId, guide }: { clubId: number; guide: Guide }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const setMarkers = useSetDistanceMarkers(clubId, guide.guide_id);
  const initial = savedMarkers(guide);
  const [markers, setState] = useState<Markers>(initial);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [draftProblems, setDraftProblems] = useState<Record<number, string>>({});
  const changed = guide.holes.filter((h) => JSON.stringify(sortMarkers(markers[h.hole_id] ?? [])) !== JSON.stringify(initial[h.hole_id] ?? []));
  const dirty = changed.length > 0;
  const courseName = (id: number) => guide.courses.find((c) => c.course_id === id)?.name ?? '';

  const message = (p: MarkerProblem) => t(`products.markers.problem.${p.code}`, p);

  /** Adds what is typed for a hole, if every number fits the hole; else says why. */
  const add = (holeId: number, length: number | null) => {
    const typed = parseMarkerInput(drafts[holeId] ?? '');
    if (typed.length === 0) return;
    const next = [...(markers[holeId] ?? []), ...typed];
    const problems = markerProblems(next, length);
    if (problems.length) {
      setDraftProblems((p) => ({ ...p, [holeId]: message(problems[0].problem) }));
      return;
    }
    setState((m) => ({ ...m, [holeId]: sortMarkers(next) }));
    setDrafts((d) => ({ ...d, [holeId]: '' }));
    setDraftProblems((p) => ({ ...p, [holeId]: '' }));
  };

  /** 100/150/200 m on every par 4 and 5, where they fit the hole. */
  const standard = () =>
    setState((m) => {
      const next = { ...m };
      for (const h of guide.holes.filter((hole) => hole.par >= 4)) next[h.hole_id] = STANDARD.filter((d) => h.length === null || d < h.length);
      return next;
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let saved = 0;
    for (const hole of changed) {
      try {
        await setMarkers.mutateAsync({ holeId: hole.hole_id, distances: sortMarkers(markers[hole.hole_id] ?? []) });
        saved++;
      } catch (error) {
        snackbar.error(t('products.markers.failed', { hole: hole.order }), errorText(error, t));
        return;
      }
    }
    snackbar.confirm(t('products.markers.saved', { count: saved }));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <SectionCard id="guide-markers" title={t('products.markers.title')} hint={t('products.markers.hint')}>
        <Box>
          <Button variant="outlined" onClick={standard}>
            {t('products.markers.standard')}
          </Button>
        </Box>
        <TableContainer>
          <Table size="small" aria-labelledby="guide-markers">
            <TableHead>
              <TableRow>
                <TableCell>{t('products.markers.hole')}</TableCell>
                <TableCell>{t('products.markers.markers')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {guide.holes.map((hole) => {
                const list = markers[hole.hole_id] ?? [];
                const holeLabel = guide.courses.length > 1 ? `${courseName(hole.course_id)} ${hole.order}` : String(hole.order);
                return (
                  <TableRow key={hole.hole_id} data-testid={`markers-hole-${hole.order}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top', pr: 1 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {t('products.markers.holeNumber', { hole: holeLabel })}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t('products.markers.par', { par: hole.par })}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {hole.length === null ? t('products.markers.noLength') : t('products.markers.metres', { metres: hole.length })}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ width: '100%' }}>
                      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                        {list.map((d) => (
                          <Chip
                            key={d}
                            label={t('products.markers.metres', { metres: d })}
                            onDelete={() => setState((m) => ({ ...m, [hole.hole_id]: list.filter((x) => x !== d) }))}
                            aria-label={t('products.markers.chip', { metres: d, hole: holeLabel })}
                          />
                        ))}
                        <TextField
                          size="small"
                          value={drafts[hole.hole_id] ?? ''}
                          onChange={(e) => setDrafts((d) => ({ ...d, [hole.hole_id]: e.target.value }))}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') {
                              e.preventDefault();
                              add(hole.hole_id, hole.length);
                            }
                          }}
                          error={!!draftProblems[hole.hole_id]}
                          helperText={draftProblems[hole.hole_id] || undefined}
                          placeholder={t('products.markers.placeholder')}
                          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('products.markers.addFor', { hole: holeLabel }), maxLength: 30 } }}
                          sx={{ width: 130 }}
                        />
                        <Button size="small" onClick={() => add(hole.hole_id, hole.length)} aria-label={t('products.markers.addButtonFor', { hole: holeLabel })}>
                          {t('products.markers.add')}
                        </Button>
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </SectionCard>
      <GuideSaveBar
        dirty={dirty}
        saving={setMarkers.isPending}
        problems={false}
        onDiscard={() => {
          setState(initial);
          setDraftProblems({});
        }}
      />
      <UnsavedChangesGuard dirty={dirty} saving={setMarkers.isPending} />
    </Box>
  );
}
