import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton, { listItemButtonClasses } from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PublishIcon from '@mui/icons-material/Publish';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import type { Guide } from '@golf/contract/api/guides';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchableListPage } from '../../../components/ui/searchable-list-page';
import { screenHref } from '../../../config/screens';
import { useCourses } from '../../../lib/courses/queries';
import { errorText } from '../../../lib/error-text';
import { fuzzySearch } from '../../../lib/fuzzy-search';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useReleaseAll } from '../api/generation';
import { useCopyGuide, useCreateGuide, useDeleteGuide, useGuides } from '../api/guides';
import { AppOrderDialog, CopyGuideDialog, CreateGuideDialog, GuideIconDialog } from './guide-dialogs';
import { ProductStates } from './product-states';
import { ReleaseDialog } from './release-dialog';

type Dialog = { kind: 'create' } | { kind: 'copy' | 'delete' | 'icon'; guide: Guide } | { kind: 'order' } | { kind: 'release' } | null;

/** /:clubId/products — the club's course guides: create, copy, delete, icon, app order. */
export function ProductsPage() {
  const clubId = useClubId();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const guides = useGuides(clubId);
  const courses = useCourses(clubId);
  const create = useCreateGuide(clubId);
  const copy = useCopyGuide(clubId);
  const remove = useDeleteGuide(clubId);
  const releaseAll = useReleaseAll(clubId);
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <SearchableListPage<Guide>
      query={guides}
      filter={(items, search) => fuzzySearch(items, search, (g) => ({ title: g.title, courses: g.courses.map((c) => c.name) }))}
      texts={{
        search: t('products.search'),
        loadFailed: t('products.loadFailed'),
        empty: t('products.empty'),
        noMatch: (q) => t('products.noMatch', { query: q }),
        count: (n) => t('products.count', { count: n }),
        listLabel: t('products.listLabel'),
      }}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<PublishIcon />} onClick={() => setDialog({ kind: 'release' })} disabled={!guides.data || guides.data.length === 0}>
            {t('products.release.allOpen')}
          </Button>
          <Button startIcon={<SwapVertIcon />} onClick={() => setDialog({ kind: 'order' })} disabled={!guides.data || guides.data.length < 2}>
            {t('products.appOrder.open')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })} disabled={courses.isPending}>
            {t('products.create.open')}
          </Button>
        </Box>
      }
      renderRow={(guide, divider) => {
        return (
          <ListItem
            key={guide.guide_id}
            divider={divider}
            disablePadding
            // The products' states go below the row's link: its actions stay at the top right, and the
            // link keeps clear of them (set here: ListItem's own 48 px for the link outranks the link's sx).
            sx={{ flexWrap: 'wrap', [`& > .${listItemButtonClasses.root}`]: { pr: { xs: 19, sm: 20 } } }}
            slotProps={{ secondaryAction: { sx: { top: 12, transform: 'none' } } }}
            secondaryAction={
              <Box sx={{ display: 'flex', gap: 0.5 }}>
                <Tooltip title={t('products.icon.open')}>
                  <IconButton aria-label={t('products.icon.openFor', { title: guide.title })} onClick={() => setDialog({ kind: 'icon', guide })}>
                    <ImageIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('products.copy.open')}>
                  <IconButton aria-label={t('products.copy.openFor', { title: guide.title })} onClick={() => setDialog({ kind: 'copy', guide })}>
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('products.delete.open')}>
                  <IconButton aria-label={t('products.delete.openFor', { title: guide.title })} onClick={() => setDialog({ kind: 'delete', guide })}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </Box>
            }
          >
            <ListItemButton component={RouterLink} to={screenHref('guide', clubId, { guideId: guide.guide_id })}>
              <ListItemAvatar>
                <Avatar variant="rounded" src={guide.icon_url ?? undefined} alt="">
                  <MenuBookIcon />
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={guide.title}
                secondary={
                  <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mt: 0.5 }}>
                    {guide.courses.map((c) => (
                      <Chip key={c.course_id} component="span" size="small" label={c.name} />
                    ))}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {t('products.version', { version: guide.version })}
                    </Typography>
                  </Box>
                }
                slotProps={{ secondary: { component: 'span' } }}
              />
            </ListItemButton>
            <Box sx={{ width: '100%', pl: { xs: 2, sm: 9 }, pr: 2, pb: 1.5 }}>
              <ProductStates guide={guide} />
            </Box>
          </ListItem>
        );
      }}
    >
      {dialog?.kind === 'create' && (
        <CreateGuideDialog
          open
          courses={courses.data ?? []}
          busy={create.isPending}
          onCancel={() => setDialog(null)}
          onCreate={async (values) => {
            try {
              const guide = await create.mutateAsync(values);
              snackbar.confirm(t('products.create.done', { title: guide.title }));
              setDialog(null);
              await navigate(screenHref('guide', clubId, { guideId: guide.guide_id }));
            } catch (error) {
              snackbar.error(t('products.create.failed'), errorText(error, t));
            }
          }}
        />
      )}
      {dialog?.kind === 'copy' && (
        <CopyGuideDialog
          guide={dialog.guide}
          busy={copy.isPending}
          onCancel={() => setDialog(null)}
          onCopy={async (title) => {
            try {
              const made = await copy.mutateAsync({ guideId: dialog.guide.guide_id, title });
              snackbar.confirm(t('products.copy.done', { title: made.title }));
              setDialog(null);
            } catch (error) {
              snackbar.error(t('products.copy.failed'), errorText(error, t));
            }
          }}
        />
      )}
      {dialog?.kind === 'icon' && (
        <GuideIconDialog clubId={clubId} guide={guides.data?.find((g) => g.guide_id === dialog.guide.guide_id) ?? dialog.guide} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'order' && guides.data && <AppOrderDialog clubId={clubId} guides={guides.data} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'release' && (
        <ReleaseDialog
          title={t('products.release.allTitle')}
          hint={t('products.release.allHint')}
          release={(body) => releaseAll.mutateAsync(body)}
          busy={releaseAll.isPending}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('products.delete.title', { title: dialog?.kind === 'delete' ? dialog.guide.title : '' })}
        confirmLabel={t('products.delete.confirm')}
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={async () => {
          if (dialog?.kind !== 'delete') return;
          try {
            await remove.mutateAsync(dialog.guide.guide_id);
            snackbar.confirm(t('products.delete.done', { title: dialog.guide.title }));
            setDialog(null);
          } catch (error) {
            snackbar.error(t('products.delete.failed'), errorText(error, t));
          }
        }}
      >
        {t('products.delete.text')}
      </ConfirmDialog>
    </SearchableListPage>
  );
}
