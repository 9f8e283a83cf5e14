import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import { elementLabel } from '../../../lib/graphics-names';
import type { HoleEditorController, VertexList } from '../map/editor-controller';
import { arrowStep, formatCoordinate, parseDecimal, validLatitude, validLongitude } from '../../../lib/map/keyboard-editing';

const ARROWS = 'ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowUp Shift+ArrowDown Shift+ArrowLeft Shift+ArrowRight';

/**
 * The selected feature's position without a pointer: a vertex chosen with Previous and Next, its
 * latitude and longitude typed, or moved with the arrow keys (1 m, Shift 10 m); the whole feature
 * moved the same way. Shows one vertex at a time, so a feature of thousands stays light.
 */
export function VertexEditor({ vertices, activeVertex, controller }: { vertices: VertexList; activeVertex: number | null; controller: HoleEditorController }) {
  const { t } = useTranslation();
  const count = vertices.positions.length;
  const index = activeVertex !== null && activeVertex < count ? activeVertex : 0;
  const position = vertices.positions[index];
  const element = elementLabel(t, vertices.element);
  const single = count === 1;
  const [invalid, setInvalid] = useState<'lat' | 'lon' | null>(null);

  const onArrows = (move: (east: number, north: number) => void) => (event: KeyboardEvent) => {
    const step = arrowStep(event.key, event.shiftKey);
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (activeVertex !== index) controller.setActiveVertex(index);
    move(...step);
  };
  const commit = (field: 'lat' | 'lon', text: string) => {
    const value = parseDecimal(text);
    const next: [number, number] | null =
      field === 'lat' ? (validLatitude(value) ? [position[0], value] : null) : validLongitude(value) ? [value, position[1]] : null;
    setInvalid(next ? null : field);
    if (!next) return;
    if (next[0] !== position[0] || next[1] !== position[1]) controller.moveVertex(index, next);
  };
  const field = (name: 'lat' | 'lon') => {
    const value = name === 'lat' ? position[1] : position[0];
    return (
      <TextField
        key={`${vertices.featureId}:${index}:${value}`}
        size="small"
        label={t(name === 'lat' ? 'holeEditor.vertices.latitude' : 'holeEditor.vertices.longitude')}
        defaultValue={formatCoordinate(value)}
        error={invalid === name}
        helperText={invalid === name ? t(name === 'lat' ? 'holeEditor.vertices.invalidLatitude' : 'holeEditor.vertices.invalidLongitude') : undefined}
        onFocus={() => activeVertex !== index && controller.setActiveVertex(index)}
        onBlur={(e) => commit(name, e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(name, (e.target as HTMLInputElement).value);
        }}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `vertex-${name}` } }}
      />
    );
  };

  return (
    <Box component="section" aria-labelledby="vertex-editor-title" data-testid="vertex-editor" sx={{ display: 'grid', gap: 1, mt: 1.5 }}>
      <Typography variant="subtitle2" id="vertex-editor-title">
        {t('holeEditor.vertices.title', { element })}
      </Typography>
      <Typography variant="caption" color="text.secondary" id="vertex-editor-hint">
        {single ? t('holeEditor.vertices.pointHint') : t('holeEditor.vertices.hint')}
      </Typography>
      {!single && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton size="small" aria-label={t('holeEditor.vertices.previous')} disabled={index === 0} onClick={() => controller.setActiveVertex(index - 1)}>
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
          <Typography variant="body2" aria-live="polite" data-testid="vertex-number">
            {t('holeEditor.vertices.vertex', { number: index + 1, count })}
          </Typography>
          <IconButton size="small" aria-label={t('holeEditor.vertices.next')} disabled={index === count - 1} onClick={() => controller.setActiveVertex(index + 1)}>
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
        {field('lat')}
        {field('lon')}
      </Box>
      <Typography variant="caption" color="text.secondary" aria-live="polite" data-testid="vertex-position">
        {t('holeEditor.vertices.at', { latitude: formatCoordinate(position[1]), longitude: formatCoordinate(position[0]) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!single && (
          <Button size="small" variant="outlined" startIcon={<OpenWithIcon />} aria-describedby="vertex-editor-hint" aria-keyshortcuts={ARROWS} onKeyDown={onArrows((e, n) => controller.nudgeVertex(index, e, n))} onFocus={() => activeVertex !== index && controller.setActiveVertex(index)}>
            {t('holeEditor.vertices.moveVertex', { number: index + 1 })}
          </Button>
        )}
        <Button size="small" variant="outlined" startIcon={<OpenWithIcon />} aria-describedby="vertex-editor-hint" aria-keyshortcuts={ARROWS} onKeyDown={onArrows((e, n) => controller.nudgeFeature(e, n))}>
          {t('holeEditor.vertices.moveFeature', { element })}
        </Button>
      </Box>
    </Box>
  );
}
