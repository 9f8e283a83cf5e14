import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSET_CATEGORIES, type Asset, type AssetCategory } from '@golf/contract/api/assets';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { useClubId } from '../../../lib/use-club-id';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { useAssetCategories, useCategoryAssets, useClubAssets } from '../api/assets';
import { byElement, formatFileSize } from '../utils/format';
import { Section } from './section';

/** The published assets: the platform's by category, and this club's by element name. */
export function BrowseAssets() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const [category, setCategory] = useState<AssetCategory>(ASSET_CATEGORIES[0]);
  const categories = useAssetCategories();
  const list = useCategoryAssets(category);
  const club = useClubAssets(clubId);
  const countOf = (name: AssetCategory) => categories.data?.find((c) => c.name === name)?.count;

  return (
    <>
      <Section title={t('assets.browse.title')} testId="asset-browse">
        <TextField
          select
          size="small"
          label={t('assets.browse.category')}
          value={category}
          onChange={(event) => setCategory(event.target.value as AssetCategory)}
          sx={{ minWidth: 240, maxWidth: '100%', mb: 2 }}
        >
          {ASSET_CATEGORIES.map((name) => {
            const count = countOf(name);
            const label = t(`assets.categories.${name}`);
            return (
              <MenuItem key={name} value={name}>
                {count === undefined ? label : t('assets.browse.categoryOption', { name: label, count })}
              </MenuItem>
            );
          })}
        </TextField>
        <ListStates query={list} errorTitle={t('assets.browse.loadFailed')} empty={list.data?.length === 0 ? <EmptyState title={t('assets.browse.empty')} /> : null}>
          {() => <AssetGrid assets={list.data!} label={t(`assets.categories.${category}`)} />}
        </ListStates>
      </Section>
      <Section title={t('assets.browse.clubTitle')} testId="asset-club">
        <ListStates query={club} errorTitle={t('assets.browse.loadFailed')} empty={club.data?.length === 0 ? <EmptyState title={t('assets.browse.clubEmpty')} /> : null}>
          {() => (
            <Box sx={{ display: 'grid', gap: 2 }}>
              {byElement(club.data!).map((group) => (
                <Box key={group.element}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                    {t('assets.browse.element', { name: group.element })}
                  </Typography>
                  <AssetGrid assets={group.assets} label={t('assets.browse.element', { name: group.element })} />
                </Box>
              ))}
            </Box>
          )}
        </ListStates>
      </Section>
    </>
  );
}

function AssetGrid({ assets, label }: { assets: Asset[]; label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
      {assets.map((asset) => (
        <Box component="li" key={asset.id} data-testid="asset-item" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'grid', gap: 0.5, minWidth: 0 }}>
          <Box sx={{ height: 80, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 0.5 }}>
            <Box component="img" src={asset.url} alt="" loading="lazy" sx={{ maxWidth: '100%', maxHeight: 72, objectFit: 'contain' }} />
          </Box>
          <Link href={asset.url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {asset.path.slice(asset.path.lastIndexOf('/') + 1)}
            <Box component="span" sx={visuallyHiddenSx}>{` ${t('assets.browse.open', { path: asset.path })}`}</Box>
          </Link>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {`${formatFileSize(asset.bytes, i18n.language)} · ${t('assets.browse.fromBundle', { name: asset.bundle_name })}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
