import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrowseAssets } from './browse-assets';
import { BundleLayoutHelp } from './bundle-layout-help';
import { PendingUploads } from './pending-uploads';
import { PublishedBundles } from './published-bundles';
import { UploadBundles } from './upload-bundles';

/**
 * /:clubId/admin/assets — assets (issue 26, §2 Admin, §3 Asset, §4, §7 assets calls; admins only):
 * upload zip bundles (checked before anything is stored), see what each would add, replace and
 * remove, publish or discard it; the published bundles (delete by name); the assets by category
 * and this club's by element name.
 */
export function AssetsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Typography color="text.secondary">{t('assets.intro')}</Typography>
      <BundleLayoutHelp />
      <UploadBundles />
      <PendingUploads />
      <PublishedBundles />
      <BrowseAssets />
    </Stack>
  );
}
