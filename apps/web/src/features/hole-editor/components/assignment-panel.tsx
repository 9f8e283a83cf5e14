import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Hole } from '@golf/contract/api/courses';
import type { EditorState } from '../map/editor-controller';
import type { useCourseMapping } from '../hooks/use-course-mapping';
import { holeOfMapId } from '../utils/course-drawing';
import { featureNames } from './feature-list';

type Mapping = ReturnType<typeof useCourseMapping>;

/** A hole picker: "No hole" or one of the course's holes. */
function HolePicker({ holes, value, label, onChange }: { holes: readonly Hole[]; value: number | null; label: string; onChange: (holeId: number | null) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('courseMapping.noHole')}</option>
      {holes.map((h) => (
        <option key={h.id} value={h.id}>
          {t('courseMapping.holeNumber', { number: h.order })}
        </option>
      ))}
    </TextField>
  );
}

/**
 * Which hole the features belong to: the selected features' hole (with the hole whose boundary
 * holds a feature when that is another one, after it was moved), and the features of no hole, each
 * with its picker, and "Assign all automatically".
 */
export function AssignmentPanel({ holes, state, mapping }: { holes: readonly Hole[]; state: EditorState; mapping: Mapping }) {
  const { t } = useTranslation();
  const names = featureNames(t, state.features);
  const order = new Map(holes.map((h) => [h.id, h.order]));
  const selected = state.selected;
  const selectedHoles = [...new Set(selected.map((s) => holeOfMapId(s.id)))];
  const one = selected.length === 1 ? selected[0] : null;
  const oneHole = one ? holeOfMapId(one.id) : null;
  const suggestion = one ? mapping.suggestedHole(one.id) : null;
  const unassigned = mapping.unassigned;

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="assignment-panel">
      {selected.length > 0 && (
        <Box sx={{ mb: 1.5 }} data-testid="selected-hole">
          <HolePicker
            holes={holes}
            label={t('courseMapping.selectedHole', { count: selected.length })}
            value={selectedHoles.length === 1 ? (selectedHoles[0] ?? null) : null}
            onChange={(holeId) => mapping.assign(selected.map((s) => s.id), holeId)}
          />
          {one && suggestion !== null && suggestion !== oneHole && (
            <Alert
              severity="info"
              sx={{ mt: 1 }}
              action={
                <Button color="inherit" size="small" onClick={() => mapping.assign([one.id], suggestion)}>
                  {t('courseMapping.moveToHole', { number: order.get(suggestion) })}
                </Button>
              }
            >
              {t('courseMapping.liesInHole', { number: order.get(suggestion) })}
            </Alert>
          )}
        </Box>
      )}
      {unassigned.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="unassigned-count">
          {t('courseMapping.allAssigned')}
        </Typography>
      ) : (
        <List
          dense
          disablePadding
          aria-labelledby="unassigned-title"
          subheader={
            <ListSubheader id="unassigned-title" disableSticky sx={{ px: 0, lineHeight: 2, color: 'error.main' }} data-testid="unassigned-count">
              {t('courseMapping.unassigned', { count: unassigned.length })}
            </ListSubheader>
          }
        >
          <ListItem disableGutters>
            <Button size="small" variant="outlined" onClick={() => mapping.assignAll()}>
              {t('courseMapping.assignAll')}
            </Button>
          </ListItem>
          {unassigned.map((f) => (
            <ListItem key={f.id} disableGutters data-testid="unassigned-row" sx={{ display: 'block' }}>
              <HolePicker holes={holes} label={names.get(f.id) ?? f.properties.element} value={null} onChange={(holeId) => mapping.assign([f.id], holeId)} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
