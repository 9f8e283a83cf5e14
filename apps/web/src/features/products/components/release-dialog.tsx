import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PublishIcon from '@mui/icons-material/Publish';
import { GUIDE_PRODUCTS, type Guide, type GuideProduct } from '@golf/contract/api/guides';
import type { ReleaseBody, ReleaseResponse } from '@golf/contract/api/guide-generation';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useReleaseGuide } from '../api/generation';

/**
 * Release (§4, §7): the products to generate again (all by default), for every guide of the club
 * ('Release all' on /products) or for one guide (its page). The snackbar says 'Started generate
 * all flow' with the products named, or 'Failed starting generate all flow'.
 */
export function ReleaseDialog({
  title,
  hint,
  release,
  busy,
  onClose,
}: {
  title: string;
  hint: string;
  release: (body: ReleaseBody) => Promise<ReleaseResponse>;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState<GuideProduct[]>([...GUIDE_PRODUCTS]);
  const [tried, setTried] = useState(false);
  const none = chosen.length === 0;

  const toggle = (product: GuideProduct, on: boolean) => setChosen((list) => GUIDE_PRODUCTS.filter((p) => (p === product ? on : list.includes(p))));

  const submit = async () => {
    setTried(true);
    if (none) return;
    try {
      const answer = await release({ side_effects: chosen });
      const products = answer.side_effects.map((p) => t(`products.product.${p}`)).join(', ');
      snackbar.confirm(t('products.release.started', { products }));
      onClose();
    } catch (error) {
      snackbar.error(t('products.release.failed'), errorText(error, t));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={narrow} aria-labelledby="release-title" aria-describedby="release-hint">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="release-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id="release-hint" sx={{ mb: 2 }}>
            {hint}
          </DialogContentText>
          <FormControl component="fieldset" error={tried && none}>
            <FormLabel component="legend">{t('products.release.sideEffects')}</FormLabel>
            <FormGroup>
              {GUIDE_PRODUCTS.map((product) => (
                <FormControlLabel
                  key={product}
                  control={<Checkbox checked={chosen.includes(product)} onChange={(e) => toggle(product, e.target.checked)} />}
                  label={t(`products.product.${product}`)}
                />
              ))}
            </FormGroup>
            {tried && none && <FormHelperText role="alert">{t('products.release.chooseOne')}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('products.release.starting') : t('products.release.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** 'Release' on a guide's page: its chosen products generated again (POST …/drawing_style/0/release). */
export function GuideReleaseButton({ clubId, guide }: { clubId: number; guide: Guide }) {
  const { t } = useTranslation();
  const release = useReleaseGuide(clubId, guide.guide_id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<PublishIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('products.release.oneOpen')}
      </Button>
      {open && (
        <ReleaseDialog
          title={t('products.release.oneTitle', { title: guide.title })}
          hint={t('products.release.oneHint')}
          release={(body) => release.mutateAsync(body)}
          busy={release.isPending}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
