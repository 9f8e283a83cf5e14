import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import NearMeOutlinedIcon from '@mui/icons-material/NearMeOutlined';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import PolylineOutlinedIcon from '@mui/icons-material/PolylineOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import SquareFootIcon from '@mui/icons-material/SquareFoot';
import StraightenIcon from '@mui/icons-material/Straighten';
import UndoIcon from '@mui/icons-material/Undo';
import type { EditorState, HoleEditorController, Tool } from '../map/editor-controller';
import { toolButtonValue } from '../utils/editor-state';

/**
 * The map tools of the hole editor and the course-wide mapping: select, reshape, move, measure,
 * snap, undo, redo, delete, then what the screen adds (`children`), the status text and Save.
 */
export function EditorToolbar({
  controller,
  state,
  status,
  saving,
  onSave,
  children,
}: {
  controller: HoleEditorController | null;
  state: EditorState | null;
  /** Said after the drawing hint ("unsaved changes"), politely announced. */
  status: string;
  saving: boolean;
  onSave: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const tool = state?.tool ?? 'select';
  const setTool = (value: Tool | null) => value && controller?.setTool(value);
  return (
    <Paper variant="outlined" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', p: 1, mb: 1 }} role="toolbar" aria-label={t('holeEditor.tools')}>
      <ToggleButtonGroup size="small" exclusive value={toolButtonValue(tool)} onChange={(_e, v: Tool | null) => setTool(v)}>
        <ToggleButton value="select" aria-label={t('holeEditor.tool.select')} title={t('holeEditor.tool.select')}>
          <NearMeOutlinedIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="modify" aria-label={t('holeEditor.tool.modify')} title={t('holeEditor.tool.modify')}>
          <PolylineOutlinedIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="move" aria-label={t('holeEditor.tool.move')} title={t('holeEditor.tool.move')}>
          <OpenWithIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="measure-line" aria-label={t('holeEditor.tool.measureLine')} title={t('holeEditor.tool.measureLine')}>
          <StraightenIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="measure-area" aria-label={t('holeEditor.tool.measureArea')} title={t('holeEditor.tool.measureArea')}>
          <SquareFootIcon fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
      <ToggleButton size="small" value="snap" selected={!!state?.snap} onChange={() => controller?.setSnap(!state?.snap)} aria-label={t('holeEditor.tool.snap')}>
        {t('holeEditor.tool.snap')}
      </ToggleButton>
      <Divider orientation="vertical" flexItem />
      <IconButton size="small" data-testid="undo" aria-label={t('holeEditor.tool.undo')} title={`${t('holeEditor.tool.undo')} (Ctrl+Z)`} disabled={!state?.canUndo} onClick={() => controller?.undo()}>
        <UndoIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" data-testid="redo" aria-label={t('holeEditor.tool.redo')} title={`${t('holeEditor.tool.redo')} (Ctrl+Y)`} disabled={!state?.canRedo} onClick={() => controller?.redo()}>
        <RedoIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('holeEditor.tool.delete')}
        title={`${t('holeEditor.tool.delete')} (Delete)`}
        disabled={!state?.selected.length}
        onClick={() => controller?.deleteSelected()}
      >
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
      {children}
      <Typography variant="body2" color="text.secondary" sx={{ mx: 1 }} aria-live="polite">
        {state?.tool === 'draw' && state.drawElement ? t('holeEditor.drawing', { element: state.drawElement }) : ''}
        {status ? ` ${status}` : ''}
      </Typography>
      <Button variant="contained" size="small" sx={{ ml: 'auto' }} startIcon={<SaveOutlinedIcon />} disabled={!controller || saving} onClick={onSave}>
        {saving ? t('common.saving') : t('common.save')}
      </Button>
    </Paper>
  );
}
