import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import type { Element, GraphicsResponse } from '@golf/contract/api/graphics';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { elementLabel, groupLabel } from '../../../lib/graphics-names';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useDeleteElement, useElementUsage } from '../api/catalogue';
import { filterElements, ruleNotes } from '../utils/elements';
import { ElementDialog } from './element-dialog';

type Editing = { kind: 'create' } | { kind: 'edit'; id: number };

/** The elements: search, the attribute filter, the rows with their rules and use, create, edit, delete. */
export function ElementsPanel({ catalogue }: { catalogue: UseQueryResult<GraphicsResponse> }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const usage = useElementUsage();
  const remove = useDeleteElement();
  const [search, setSearch] = useState('');
  const [attribute, setAttribute] = useState('');
  const deferred = useDeferredValue(search);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Element | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const data = catalogue.data;
  const shown = data ? filterElements(data.elements, deferred, attribute === '' ? null : attribute, data.attributeGraphics, (name) => elementLabel(t, name)) : [];
  const editedElement = editing?.kind === 'edit' ? data?.elements.find((e) => e.id === editing.id) : undefined;
  const deletingHoles = deleting ? (usage.data?.get(deleting.name) ?? 0) : 0;

  const confirmDelete = async () => {
    if (!deleting) return;
    const name = elementLabel(t, deleting.name);
    try {
      await remove.mutateAsync(deleting.id);
      snackbar.confirm(t('adminElements.deleted', { name }));
      setDeleteOpen(false);
    } catch (error) {
      snackbar.error(t('adminElements.deleteFailed', { name }), errorText(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          type="search"
          size="small"
          label={t('adminElements.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: '1 1 14rem', maxWidth: { sm: 320 } }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
        <TextField
          select
          size="small"
          label={t('adminElements.attributeFilter')}
          value={attribute}
          onChange={(e) => setAttribute(e.target.value)}
          helperText={t('adminElements.attributeFilterHint')}
          sx={{ flex: '1 1 14rem', maxWidth: { sm: 280 } }}
        >
          <MenuItem value="">{t('adminElements.anyAttribute')}</MenuItem>
          {(data?.attributes ?? []).map((a) => (
            <MenuItem key={a.id} value={a.name}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'create' })} disabled={!catalogue.isSuccess} sx={{ ml: { sm: 'auto' }, whiteSpace: 'nowrap' }}>
          {t('adminElements.new')}
        </Button>
      </Box>
      <ListStates
        query={catalogue}
        errorTitle={t('adminElements.loadFailed')}
        empty={data && data.elements.length === 0 ? <EmptyState title={t('adminElements.empty')} /> : null}
      >
        {() => (
          <>
            <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
              {t('adminElements.count', { count: shown.length, total: data?.elements.length ?? 0 })}
            </Typography>
            {shown.length === 0 ? (
              <Paper variant="outlined">
                <EmptyState title={t('adminElements.noMatch')} />
              </Paper>
            ) : (
              <Paper variant="outlined">
                <List disablePadding aria-label={t('adminElements.listLabel')}>
                  {shown.map((element, i) => (
                    <ElementRow
                      key={element.id}
                      element={element}
                      holes={usage.data?.get(element.name) ?? 0}
                      divider={i < shown.length - 1}
                      onEdit={() => setEditing({ kind: 'edit', id: element.id })}
                      onDelete={() => {
                        setDeleting(element);
                        setDeleteOpen(true);
                      }}
                    />
                  ))}
                </List>
              </Paper>
            )}
          </>
        )}
      </ListStates>
      {editing && data && (editing.kind === 'create' || editedElement) && (
        <ElementDialog
          key={editing.kind === 'edit' ? editing.id : 'new'}
          catalogue={data}
          element={editedElement}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            snackbar.confirm(message);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleteOpen}
        title={t('adminElements.deleteTitle', { name: deleting ? elementLabel(t, deleting.name) : '' })}
        confirmLabel={t('adminElements.delete')}
        busy={remove.isPending}
        confirmDisabled={usage.isPending || deletingHoles > 0}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleteOpen(false)}
      >
        {deletingHoles > 0 ? t('adminElements.deleteInUse', { count: deletingHoles }) : t('adminElements.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}

function ElementRow({ element, holes, divider, onEdit, onDelete }: { element: Element; holes: number; divider: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const label = elementLabel(t, element.name);
  const notes = ruleNotes(element).map((note) => {
    if (note.kind === 'inside') return t('adminElements.rules.inside', { container: elementLabel(t, note.container) });
    if (note.kind === 'attributes') return t('adminElements.rules.attributes', { names: note.names });
    if (note.min !== null && note.max !== null) return t('adminElements.rules.areaBetween', { min: note.min, max: note.max });
    return note.min !== null ? t('adminElements.rules.areaAtLeast', { min: note.min }) : t('adminElements.rules.areaAtMost', { max: note.max });
  });
  return (
    <ListItem divider={divider} data-testid="element-row" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.25 }}>
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
          {label}
          {label.toLocaleLowerCase() !== element.name.toLocaleLowerCase() && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              ({element.name})
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
          {t('adminElements.rowLine', {
            group: groupLabel(t, element.groupName),
            layer: element.layerName,
            geometry: t(`adminElements.geometry.${element.geometryType}`),
            shorthand: element.shorthand,
          })}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
          {notes.length > 0 ? notes.join(' · ') : t('adminElements.rules.none')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {holes > 0 ? t('adminElements.drawnOn', { count: holes }) : t('adminElements.drawnNowhere')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0, sm: 0.5 }, flexShrink: 0, mr: { xs: -1, sm: 0 } }}>
        <Tooltip title={t('adminElements.edit')}>
          <IconButton aria-label={t('adminElements.editFor', { name: label })} onClick={onEdit}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('adminElements.delete')}>
          <IconButton aria-label={t('adminElements.deleteFor', { name: label })} onClick={onDelete}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
