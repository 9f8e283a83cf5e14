import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { GraphicsResponse } from '@golf/contract/api/graphics';
import type { ThemeDetails } from '@golf/contract/api/themes';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useCatalogue, useCreateTheme, useDeleteTheme, useThemeDetails, useUpdateTheme } from '../api/themes';
import { themeTree } from '../utils/tree';
import { ThemeDialog, type ThemeDialogValues } from './theme-dialog';
import { ThemeEditor } from './theme-editor';

/**
 * /admin/themes (§2 Admin, issue 26): the catalogue's themes (drawing styles) as a tree of
 * parents; a new theme made from a parent, a rename or another parent, a delete of a theme nothing
 * uses; per element the values a theme sets itself, the rest inherited, with a live preview drawn
 * by the guides' renderer. The chosen theme is kept in the address (`?theme=`).
 */
export function ThemesPage() {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const details = useThemeDetails();
  if (catalogue.isPending || details.isPending) return <LoadingState rows={8} />;
  if (catalogue.isError || details.isError) {
    const failed = catalogue.isError ? catalogue : details;
    return <ErrorState error={failed.error} title={t('adminThemes.loadFailed')} onRetry={() => void Promise.all([catalogue.refetch(), details.refetch()])} />;
  }
  return <ThemesView catalogue={catalogue.data} themes={details.data} />;
}

type Dialog = { kind: 'new' } | { kind: 'edit'; theme: ThemeDetails } | { kind: 'delete'; theme: ThemeDetails } | { kind: 'switch'; id: number } | null;

function ThemesView({ catalogue, themes }: { catalogue: GraphicsResponse; themes: ThemeDetails[] }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  const create = useCreateTheme();
  const update = useUpdateTheme();
  const remove = useDeleteTheme();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dirty, setDirty] = useState(false);
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const tree = useMemo(() => themeTree(themes), [themes]);
  // The themes and their own values as the list has them (a write shows there first); the elements and their defaults from the catalogue.
  const data = useMemo<GraphicsResponse>(
    () => ({
      ...catalogue,
      themes: themes.map(({ id, name, parentName }) => ({ id, name, parentName })),
      themeAttributes: themes.flatMap((theme) => theme.values.map((v) => ({ themeName: theme.name, ...v }))),
    }),
    [catalogue, themes],
  );
  const asked = Number(params.get('theme'));
  const selected = themes.find((x) => x.id === asked) ?? tree[0]?.theme ?? null;
  const select = (id: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('theme', String(id));
        return copy;
      },
      { replace: true },
    );
  const askSelect = (id: number) => {
    if (id === selected?.id) return;
    if (dirty) setDialog({ kind: 'switch', id });
    else select(id);
  };

  const onDialogSubmit = async (values: ThemeDialogValues) => {
    if (dialog?.kind === 'new') {
      try {
        const made = await create.mutateAsync({ name: values.name, parentName: values.parentName, values: [] });
        setDialog(null);
        setDirty(false);
        select(made.id);
        snackbar.confirm(t('adminThemes.created', { name: made.name }));
      } catch (error) {
        snackbar.error(t('adminThemes.createFailed', { name: values.name }), errorText(error, t));
      }
    } else if (dialog?.kind === 'edit') {
      const { theme } = dialog;
      const body = { ...(values.name !== theme.name ? { name: values.name } : {}), ...(values.parentName !== theme.parentName ? { parentName: values.parentName } : {}) };
      if (Object.keys(body).length === 0) return setDialog(null);
      try {
        await update.mutateAsync({ id: theme.id, body });
        setDialog(null);
        snackbar.confirm(t('adminThemes.updated', { name: values.name }));
      } catch (error) {
        snackbar.error(t('adminThemes.updateFailed', { name: theme.name }), errorText(error, t));
      }
    }
  };

  const onDelete = async (theme: ThemeDetails) => {
    try {
      await remove.mutateAsync(theme.id);
      setDialog(null);
      setParams(new URLSearchParams(), { replace: true });
      snackbar.confirm(t('adminThemes.deleted', { name: theme.name }));
    } catch (error) {
      setDialog(null);
      snackbar.error(t('adminThemes.deleteFailed', { name: theme.name }), errorText(error, t));
    }
  };

  const usageText = (theme: ThemeDetails) => {
    const { clubs, guides, children } = theme.usage;
    if (clubs + guides + children.length === 0) return t('adminThemes.usage.none');
    return t('adminThemes.usage.some', { clubs, guides, children: children.length });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Paper variant="outlined" component="nav" aria-label={t('adminThemes.listLabel')} sx={{ minWidth: 0 }}>
        <Box sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mr: 'auto' }}>
            {t('adminThemes.listTitle')}
          </Typography>
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'new' })}>
            {t('adminThemes.new')}
          </Button>
        </Box>
        {tree.length === 0 ? (
          <EmptyState title={t('adminThemes.empty')} />
        ) : !wide ? (
          // Narrow screens: the tree as a choice, so the values and the preview stay near the top.
          <Box sx={{ p: 1.5 }}>
            <TextField select fullWidth size="small" label={t('adminThemes.pick')} value={selected?.id ?? ''} onChange={(e) => askSelect(Number(e.target.value))} slotProps={{ select: { native: true } }}>
              {tree.map(({ theme, depth }) => (
                <option key={theme.id} value={theme.id}>
                  {`${'\u00a0\u00a0'.repeat(depth)}${theme.name}`}
                </option>
              ))}
            </TextField>
          </Box>
        ) : (
          <List dense disablePadding sx={{ maxHeight: { md: 'calc(100vh - 220px)' }, overflowY: 'auto' }}>
            {tree.map(({ theme, depth }) => (
              <ListItem key={theme.id} disablePadding>
                <ListItemButton selected={theme.id === selected?.id} aria-current={theme.id === selected?.id ? 'true' : undefined} onClick={() => askSelect(theme.id)} sx={{ pl: 2 + depth * 2 }}>
                  <ListItemText
                    primary={theme.name}
                    secondary={theme.parentName ? t('adminThemes.madeFrom', { name: theme.parentName }) : t('adminThemes.root')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { color: 'text.secondary' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>

      {selected ? (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Box sx={{ mr: 'auto', minWidth: 0 }}>
                <Typography variant="h2" component="h2" sx={{ fontSize: '1.35rem', fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="theme-name">
                  {selected.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {selected.parentName ? t('adminThemes.madeFrom', { name: selected.parentName }) : t('adminThemes.root')}
                  {' · '}
                  {selected.drawingStyleId !== null ? t('adminThemes.drawingStyle', { id: selected.drawingStyleId }) : t('adminThemes.noDrawingStyle')}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="theme-usage">
                  {usageText(selected)}
                  {selected.usage.children.length > 0 ? ` (${selected.usage.children.join(', ')})` : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1}>
                <Button startIcon={<EditIcon />} onClick={() => setDialog({ kind: 'edit', theme: selected })}>
                  {t('adminThemes.edit')}
                </Button>
                <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDialog({ kind: 'delete', theme: selected })}>
                  {t('adminThemes.delete')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
          <ThemeEditor key={selected.id} theme={selected} catalogue={data} onDirtyChange={onDirtyChange} />
        </Box>
      ) : (
        <Paper variant="outlined">
          <EmptyState title={t('adminThemes.empty')} />
        </Paper>
      )}

      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && (
        <ThemeDialog
          open
          theme={dialog.kind === 'edit' ? dialog.theme : null}
          themes={themes}
          busy={create.isPending || update.isPending}
          onSubmit={(values) => void onDialogSubmit(values)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? t('adminThemes.deleteTitle', { name: dialog.theme.name }) : ''}
        confirmLabel={t('adminThemes.delete')}
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void onDelete(dialog.theme)}
        onCancel={() => setDialog(null)}
      >
        {dialog?.kind === 'delete' ? (
          <>
            {t('adminThemes.deleteText')} {usageText(dialog.theme)}
          </>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'switch'}
        title={t('adminThemes.switchTitle')}
        confirmLabel={t('adminThemes.switchConfirm')}
        onConfirm={() => {
          if (dialog?.kind === 'switch') select(dialog.id);
          setDirty(false);
          setDialog(null);
        }}
        onCancel={() => setDialog(null)}
      >
        {t('adminThemes.switchText')}
      </ConfirmDialog>
    </Box>
  );
}
