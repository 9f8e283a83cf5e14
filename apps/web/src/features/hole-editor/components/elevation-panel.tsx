import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatLength } from '../../../lib/map/format';
import type { EditorState, HoleEditorController } from '../map/editor-controller';
import { parseHeight, profilePath } from '../utils/play-line';

const PROFILE = { width: 260, height: 80 };

/** The elevation screen's panel: the play line's vertices with distance from the tee, a height input each, and a live profile. */
export function ElevationPanel({ state, controller, language }: { state: EditorState; controller: HoleEditorController; language: string }) {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState<number | null>(null);
  const rows = state.playLine?.rows ?? [];
  if (!state.playLine) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {t('holeEditor.elevation.noPlayLine')}
      </Typography>
    );
  }
  const path = profilePath(rows, PROFILE.width, PROFILE.height);
  const commit = (index: number, text: string) => {
    const value = parseHeight(text);
    if (value !== null && Number.isNaN(value)) {
      setInvalid(index);
      return;
    }
    setInvalid(null);
    const current = rows[index]?.height ?? null;
    if (value !== current) controller.setVertexHeight(index, value);
  };

  return (
    <Box sx={{ px: 1, pt: 1 }} data-testid="elevation-panel">
      <Typography variant="subtitle2" sx={{ px: 1 }}>
        {t('holeEditor.elevation.title')}
      </Typography>
      <Box
        component="svg"
        role="img"
        aria-label={t('holeEditor.elevation.profile')}
        viewBox={`0 0 ${PROFILE.width} ${PROFILE.height}`}
        sx={{ width: '100%', height: PROFILE.height, bgcolor: 'grey.100', borderRadius: 1, my: 1 }}
      >
        {path ? (
          <path d={path} fill="none" stroke="#2e7d32" strokeWidth={2} />
        ) : (
          <text x={PROFILE.width / 2} y={PROFILE.height / 2} textAnchor="middle" fontSize={11} fill="#757575">
            {t('holeEditor.elevation.noHeights')}
          </text>
        )}
      </Box>
      <Table size="small" sx={{ '& td, & th': { px: 0.75 } }} aria-label={t('holeEditor.elevation.vertices')}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell align="right">{t('holeEditor.elevation.fromTee')}</TableCell>
            <TableCell>{t('holeEditor.elevation.height')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.index}
              hover
              selected={state.selectedVertex === row.index}
              onClick={() => controller.selectVertex(row.index)}
              data-testid="vertex-row"
            >
              <TableCell>{row.index + 1}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatLength(row.distance, language)}
              </TableCell>
              <TableCell sx={{ width: 96 }}>
                <TextField
                  key={`${row.index}:${row.height ?? ''}`}
                  size="small"
                  defaultValue={row.height ?? ''}
                  error={invalid === row.index}
                  helperText={invalid === row.index ? t('holeEditor.elevation.invalid') : undefined}
                  onFocus={() => controller.selectVertex(row.index)}
                  onBlur={(e) => commit(row.index, e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') commit(row.index, (e.target as HTMLInputElement).value);
                  }}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('holeEditor.elevation.heightOf', { number: row.index + 1 }) } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
