import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import type { HoleEditorKind } from '../../../config/paths';
import { formatArea, formatLength } from '../../../lib/map/format';
import { hexToRgba } from '../../../lib/map/element-style';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import type { EditorState, HoleEditorController, SelectedInfo } from '../map/editor-controller';
import { ElevationPanel } from './elevation-panel';
import { elementLabel, groupLabel } from '../../../lib/graphics-names';
import type { Course, Hole } from '@golf/contract/api/courses';
import { CoordinatesForm } from './coordinates-form';
import { DistanceFromPlayLine } from './distance-from-play-line';
import { FeatureList } from './feature-list';
import { VertexEditor } from './vertex-editor';
import { drawGroups, presentLayers } from '../utils/editor-state';

function Swatch({ element }: { element: ElementForEdit | undefined }) {
  const style = element?.style ?? {};
  const colour = hexToRgba(style['fill colour'] ?? style['stroke colour'], 1) ?? '#9e9e9e';
  const round = element?.geometryType === 'point';
  const line = element?.geometryType === 'line';
  return (
    <Box
      aria-hidden
      sx={{
        width: 16,
        height: line ? 4 : 16,
        flexShrink: 0,
        borderRadius: round ? '50%' : 0.5,
        bgcolor: colour,
        border: line ? 0 : 1,
        borderColor: hexToRgba(style['stroke colour'], 1) ?? 'divider',
        mr: 1,
      }}
    />
  );
}

/** The editor's side panel: elements to draw, the layer list, the selection and the screen's own tools. */
export function EditorSidePanel({
  mode,
  state,
  controller,
  elements,
  editableElements,
  language,
  onEditText,
  distanceTarget,
}: {
  mode: HoleEditorKind;
  state: EditorState;
  controller: HoleEditorController;
  elements: readonly ElementForEdit[];
  editableElements: readonly ElementForEdit[];
  language: string;
  onEditText: (info: SelectedInfo) => void;
  /** The hole whose distance the play line's length may set (play-lines screen). */
  distanceTarget?: { clubId: number; course: Course; hole: Hole };
}) {
  const { t } = useTranslation();
  const byName = new Map(elements.map((e) => [e.name, e]));
  const groups = drawGroups(editableElements);
  const present = presentLayers(state.counts, elements);
  // Layers of elements another screen edits are listed, but cannot be selected here.
  const editableNames = new Set(editableElements.map((e) => e.name));

  return (
    <Paper variant="outlined" sx={{ width: { md: 300 }, flexShrink: 0, maxHeight: { md: 'calc(100vh - 290px)' }, minHeight: { md: 420 }, overflowY: 'auto' }}>
      {mode === 'edit-elevation' && <ElevationPanel state={state} controller={controller} language={language} />}
      {mode === 'edit-play-lines' && <PlayLineSummary state={state} language={language} distanceTarget={distanceTarget} />}
      {mode === 'edit-pin-chart' && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
          {state.counts[EL.tPoint] ? t('holeEditor.pinChart.withTPoint') : t('holeEditor.pinChart.withoutTPoint')}
        </Typography>
      )}

      <List dense aria-labelledby="draw-elements-title" subheader={<ListSubheader id="draw-elements-title">{t('holeEditor.elements')}</ListSubheader>}>
        {[...groups.entries()].map(([group, list], g) => (
          <Box key={group} component="li" sx={{ listStyle: 'none' }}>
            <Typography variant="caption" color="text.secondary" sx={{ px: 2, display: 'block', mt: 0.5 }} id={`draw-group-${g}`}>
              {groupLabel(t, group)}
            </Typography>
            <List dense disablePadding aria-labelledby={`draw-group-${g}`}>
              {list.map((e) => {
                const drawing = state.tool === 'draw' && state.drawElement === e.name;
                return (
                  <ListItem key={e.name} disablePadding sx={{ display: 'block' }}>
                    <ListItemButton
                      selected={drawing}
                      aria-pressed={drawing}
                      onClick={() => controller.setTool('draw', e.name)}
                      sx={{ py: 0.25 }}
                    >
                      <Swatch element={e} />
                      {/* Named by what it shows, the verb for screen readers only: "Draw Bunker Area". */}
                      <ListItemText
                        primary={
                          <>
                            <Box component="span" sx={visuallyHiddenSx}>
                              {t('holeEditor.drawVerb')}{' '}
                            </Box>
                            {elementLabel(t, e.name)}
                          </>
                        }
                        secondary={t(`holeEditor.geometry.${e.geometryType}`)}
                      />
                    </ListItemButton>
                    {drawing && <CoordinatesForm element={e} controller={controller} />}
                  </ListItem>
                );
              })}
            </List>
          </Box>
        ))}
      </List>

      <List dense aria-label={t('holeEditor.layers')} subheader={<ListSubheader>{t('holeEditor.layers')}</ListSubheader>}>
        {present.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('holeEditor.noFeatures')} />
          </ListItem>
        )}
        {present.map((name) => {
          const hidden = state.hidden.includes(name);
          return (
            <ListItem
              key={name}
              disablePadding
              data-testid="layer-row"
              data-element={name}
              secondaryAction={
                <Typography variant="body2" data-testid="layer-count" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {state.counts[name]}
                </Typography>
              }
            >
              <Checkbox
                size="small"
                checked={!hidden}
                onChange={() => controller.setHidden(name, !hidden)}
                slotProps={{ input: { 'aria-label': t('holeEditor.showLayer', { element: elementLabel(t, name) }) } }}
              />
              <ListItemButton
                disabled={!editableNames.has(name)}
                onClick={() => controller.selectElement(name)}
                sx={{ py: 0.25, pl: 0.5 }}
                aria-label={t('holeEditor.selectLayer', { element: elementLabel(t, name) })}
              >
                <Swatch element={byName.get(name)} />
                <ListItemText primary={elementLabel(t, name)} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>

      <FeatureList features={state.features} controller={controller} language={language} />

      {state.selected.length > 0 && (
        <Box sx={{ px: 2, pb: 2 }} data-testid="selection">
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('holeEditor.selected', { count: state.selected.length })}
          </Typography>
          {state.selected.slice(0, 5).map((s) => (
            <Box key={s.id} sx={{ mt: 0.5 }}>
              <Typography variant="body2">
                {elementLabel(t, s.element)}
                {s.label ? ` “${s.label}”` : ''}
                {s.icon ? ` (${s.icon})` : ''}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="selected-measure">
                {s.area !== null
                  ? t('holeEditor.areaAndOutline', { area: formatArea(s.area, language), length: formatLength(s.length ?? 0, language) })
                  : s.length !== null
                    ? t('holeEditor.length', { length: formatLength(s.length, language) })
                    : ''}
              </Typography>
              {(s.element === EL.label || s.element === EL.icon) && (
                <Button size="small" onClick={() => onEditText(s)}>
                  {s.element === EL.label ? t('holeEditor.labels.editText') : t('holeEditor.labels.editIcon')}
                </Button>
              )}
            </Box>
          ))}
          {state.vertices && <VertexEditor vertices={state.vertices} activeVertex={state.activeVertex} controller={controller} />}
        </Box>
      )}
    </Paper>
  );
}

function PlayLineSummary({
  state,
  language,
  distanceTarget,
}: {
  state: EditorState;
  language: string;
  distanceTarget?: { clubId: number; course: Course; hole: Hole };
}) {
  const { t } = useTranslation();
  const legs = state.playLine?.legs ?? [];
  const total = legs.reduce((s, m) => s + m, 0);
  return (
    <Box sx={{ px: 2, pt: 1.5 }} data-testid="play-line-legs">
      <Typography variant="subtitle2">{t('holeEditor.playLines.legs')}</Typography>
      {legs.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('holeEditor.playLines.none')}
        </Typography>
      ) : (
        <>
          {legs.map((m, i) => (
            <Typography key={i} variant="body2">
              {t('holeEditor.playLines.leg', { number: i + 1, length: formatLength(m, language) })}
            </Typography>
          ))}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('holeEditor.playLines.total', { length: formatLength(total, language) })}
          </Typography>
          {distanceTarget && <DistanceFromPlayLine {...distanceTarget} metres={total} />}
        </>
      )}
    </Box>
  );
}
