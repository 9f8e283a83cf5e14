import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RemoveIcon from '@mui/icons-material/Close';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import type { ClubListItem } from '@golf/contract/api/clubs';
import { REGION_LIMITS, type AdminRegion, type OwnerCandidate, type RegionOwner } from '@golf/contract/api/regions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useAdminRegions, useAllClubs, useDeleteRegion, useOwnerCandidates, useRegionClub, useRegionOwner } from '../api/regions';
import { RegionNameDialog } from './region-name-dialog';

const ownerName = (o: RegionOwner) => `${o.first_name} ${o.last_name}`.trim() || o.email;

/**
 * /:clubId/admin/regions — regions with their clubs and owners (admins): create, rename, delete
 * (asks first); add and remove clubs; add owners found among the users by e-mail or name, and
 * remove them (asks first). An owner's management of the region's clubs follows at once (the
 * server forgets their cached session).
 */
export function RegionsPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const regions = useAdminRegions();
  const remove = useDeleteRegion();
  const [naming, setNaming] = useState<{ region: AdminRegion | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminRegion | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      snackbar.confirm(t('regions.deleted', { name: deleting.name }));
    } catch (error) {
      snackbar.error(t('regions.deleteFailed'), errorText(error, t));
    }
    setDeleting(null);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px', maxWidth: 720 }}>
          {t('regions.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNaming({ region: null })} disabled={regions.isPending || (regions.data?.length ?? 0) >= REGION_LIMITS.regions}>
          {t('regions.new')}
        </Button>
      </Box>
      <ListStates
        query={regions}
        errorTitle={t('regions.loadFailed')}
        loadingRows={4}
        empty={
          regions.data?.length === 0 ? (
            <EmptyState title={t('regions.empty')}>
              <Typography variant="body2">{t('regions.emptyHint')}</Typography>
            </EmptyState>
          ) : null
        }
      >
        {() => (
          <Box component="ul" aria-label={t('regions.listLabel')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {regions.data!.map((region) => (
              <Box component="li" key={region.id}>
                <RegionCard region={region} onRename={() => setNaming({ region })} onDelete={() => setDeleting(region)} />
              </Box>
            ))}
          </Box>
        )}
      </ListStates>
      {naming && <RegionNameDialog region={naming.region} onClose={() => setNaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('regions.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('regions.delete')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {t('regions.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}

function RegionCard({ region, onRename, onDelete }: { region: AdminRegion; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const headingId = `region-${region.id}-name`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid="region" sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography variant="h2" id={headingId} sx={{ fontSize: '1.2rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {region.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`${t('regions.clubCount', { count: region.clubs.length })} · ${t('regions.ownerCount', { count: region.owners.length })}`}
          </Typography>
        </Box>
        <Button size="small" startIcon={<EditIcon />} onClick={onRename} aria-label={t('regions.renameNamed', { name: region.name })}>
          {t('regions.rename')}
        </Button>
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete} aria-label={t('regions.deleteNamed', { name: region.name })}>
          {t('regions.delete')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, minWidth: 0 }}>
        <RegionClubs region={region} />
        <RegionOwners region={region} />
      </Box>
    </Paper>
  );
}

function RegionClubs({ region }: { region: AdminRegion }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const clubs = useAllClubs();
  const change = useRegionClub();
  const [picked, setPicked] = useState<ClubListItem | null>(null);
  const inRegion = new Set(region.clubs.map((c) => c.id));
  const options = (clubs.data ?? []).filter((c) => !inRegion.has(c.id));
  const titleId = `region-${region.id}-clubs`;

  const add = async () => {
    if (!picked) return;
    try {
      await change.mutateAsync({ id: region.id, clubId: picked.id, add: true });
      snackbar.confirm(t('regions.clubAdded', { club: picked.name, name: region.name }));
      setPicked(null);
    } catch (error) {
      snackbar.error(t('regions.clubAddFailed'), errorText(error, t));
    }
  };
  const removeClub = async (club: { id: number; name: string }) => {
    try {
      await change.mutateAsync({ id: region.id, clubId: club.id, add: false });
      snackbar.confirm(t('regions.clubRemoved', { club: club.name, name: region.name }));
    } catch (error) {
      snackbar.error(t('regions.clubRemoveFailed'), errorText(error, t));
    }
  };

  return (
    <RegionPart
      titleId={titleId}
      title={t('regions.clubs')}
      emptyText={t('regions.noClubs')}
      rows={region.clubs.map((club) => ({ key: club.id, primary: club.name, removeLabel: t('regions.removeClub', { club: club.name, name: region.name }), onRemove: () => void removeClub(club) }))}
      rowTestId="region-club"
      removeIcon={<RemoveIcon fontSize="small" />}
      busy={change.isPending}
      picker={
        <Autocomplete
          size="small"
          options={options}
          value={picked}
          onChange={(_, value) => setPicked(value)}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={clubs.isPending}
          noOptionsText={t('regions.noMoreClubs')}
          sx={{ flex: '1 1 200px', minWidth: 0 }}
          renderInput={(params) => <TextField {...params} label={t('regions.clubPick')} />}
        />
      }
      addLabel={t('regions.addClub')}
      canAdd={picked !== null}
      onAdd={() => void add()}
    />
  );
}

function RegionOwners({ region }: { region: AdminRegion }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const change = useRegionOwner();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<OwnerCandidate | null>(null);
  const [removing, setRemoving] = useState<RegionOwner | null>(null);
  const candidates = useOwnerCandidates(text);
  const owners = new Set(region.owners.map((o) => o.id));
  const options = (candidates.data ?? []).filter((u) => !owners.has(u.id));
  const tooShort = text.trim().length < REGION_LIMITS.searchMin;
  const titleId = `region-${region.id}-owners`;

  const add = async () => {
    if (!picked) return;
    try {
      await change.mutateAsync({ id: region.id, userId: picked.id, add: true });
      snackbar.confirm(t('regions.ownerAdded', { owner: ownerName(picked), name: region.name }));
      setPicked(null);
      setText('');
    } catch (error) {
      snackbar.error(t('regions.ownerAddFailed'), errorText(error, t));
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await change.mutateAsync({ id: region.id, userId: removing.id, add: false });
      snackbar.confirm(t('regions.ownerRemoved', { owner: ownerName(removing), name: region.name }));
    } catch (error) {
      snackbar.error(t('regions.ownerRemoveFailed'), errorText(error, t));
    }
    setRemoving(null);
  };

  return (
    <>
      <RegionPart
        titleId={titleId}
        title={t('regions.owners')}
        emptyText={t('regions.noOwners')}
        rows={region.owners.map((owner) => ({
          key: owner.id,
          primary: ownerName(owner),
          secondary: owner.email,
          removeLabel: t('regions.removeOwner', { owner: ownerName(owner), name: region.name }),
          onRemove: () => setRemoving(owner),
        }))}
        rowTestId="region-owner"
        removeIcon={<PersonRemoveIcon fontSize="small" />}
        busy={change.isPending}
        picker={
          <Autocomplete
            size="small"
            options={options}
            value={picked}
            inputValue={text}
            onInputChange={(_, value, reason) => {
              if (reason !== 'reset') setText(value);
            }}
            onChange={(_, value) => setPicked(value)}
            // The server searches; every answer it gives is shown.
            filterOptions={(x) => x}
            getOptionLabel={(u) => `${ownerName(u)} <${u.email}>`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderOption={(props, u) => {
              const { key, ...rest } = props;
              return (
                <li key={key} {...rest}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {ownerName(u)} {u.admin && <Chip component="span" size="small" variant="outlined" label={t('regions.adminBadge')} sx={{ ml: 0.5 }} />}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {u.email}
                    </Typography>
                  </Box>
                </li>
              );
            }}
            loading={!tooShort && candidates.isFetching}
            loadingText={t('regions.ownerSearching')}
            noOptionsText={tooShort ? t('regions.ownerSearchHint', { min: REGION_LIMITS.searchMin }) : candidates.isError ? t('regions.ownerSearchFailed') : t('regions.ownerNone')}
            sx={{ flex: '1 1 220px', minWidth: 0 }}
            renderInput={(params) => <TextField {...params} label={t('regions.ownerSearch')} />}
          />
        }
        addLabel={t('regions.addOwner')}
        canAdd={picked !== null}
        onAdd={() => void add()}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('regions.removeOwnerTitle', { owner: removing ? ownerName(removing) : '' })}
        confirmLabel={t('regions.removeOwnerConfirm')}
        busy={change.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        {t('regions.removeOwnerText', { owner: removing ? ownerName(removing) : '', name: region.name })}
      </ConfirmDialog>
    </>
  );
}

/**
 * A part of a region's card (its clubs, its owners): a heading, the rows (or a line saying there
 * are none), each with its remove button, then the picker with its add button. While a change of
 * the part is saved (`busy`), its buttons wait.
 */
interface RegionPartProps {
  titleId: string;
  title: string;
  emptyText: string;
  rows: { key: number; primary: string; secondary?: string; removeLabel: string; onRemove: () => void }[];
  rowTestId: string;
  removeIcon: ReactNode;
  busy: boolean;
  picker: ReactNode;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
}

function RegionPart({ titleId, title, emptyText, rows, rowTestId, removeIcon, busy, picker, addLabel, canAdd, onAdd }: RegionPartProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h3" id={titleId} sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {emptyText}
        </Typography>
      ) : (
        <List dense aria-labelledby={titleId}>
          {rows.map((row) => (
            <ListItem
              key={row.key}
              data-testid={rowTestId}
              secondaryAction={
                <IconButton edge="end" size="small" disabled={busy} onClick={row.onRemove} aria-label={row.removeLabel}>
                  {removeIcon}
                </IconButton>
              }
            >
              <ListItemText primary={row.primary} secondary={row.secondary} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {picker}
        <Button variant="outlined" startIcon={<AddIcon />} disabled={!canAdd || busy} onClick={onAdd}>
          {addLabel}
        </Button>
      </Box>
    </Box>
  );
}
