import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import CenterFocusStrongOutlinedIcon from '@mui/icons-material/CenterFocusStrongOutlined';
import CloseIcon from '@mui/icons-material/Close';
import type { Hole } from '@golf/contract/api/courses';
import type { Sponsor } from '@golf/contract/api/sponsors';

const NATIVE = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * Placing a sign: its sponsor and hole, then 'Place sign' and a click inside the hole on the map,
 * or 'Place at hole centre' (the keyboard's way; then moved with the arrow keys or typed).
 */
export function PlaceSignBar({
  sponsors,
  holes,
  placeable,
  sponsorId,
  holeId,
  placing,
  onSponsor,
  onHole,
  onTogglePlacing,
  onPlaceAtCentre,
}: {
  sponsors: readonly Sponsor[];
  holes: readonly Hole[];
  /** Holes that have a boundary (a sign goes inside it). */
  placeable: ReadonlySet<number>;
  sponsorId: number | null;
  holeId: number | null;
  placing: boolean;
  onSponsor: (id: number) => void;
  onHole: (id: number) => void;
  onTogglePlacing: () => void;
  onPlaceAtCentre: () => void;
}) {
  const { t } = useTranslation();
  const ready = sponsorId !== null && holeId !== null && placeable.has(holeId);
  return (
    <Box
      role="group"
      aria-labelledby="place-sign-title"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25, alignItems: 'center', pt: 0.5, '& > .MuiTextField-root': { flex: '1 1 180px', minWidth: 0 }, '& > .MuiButton-root': { flex: { xs: '1 1 auto', sm: '0 0 auto' } } }}
    >
      <TextField
        select
        size="small"
        label={t('sponsorSetups.place.sponsor')}
        value={sponsorId ?? ''}
        disabled={sponsors.length === 0}
        onChange={(e) => onSponsor(Number(e.target.value))}
        slotProps={NATIVE}
      >
        {sponsors.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </TextField>
      <TextField select size="small" label={t('sponsorSetups.place.hole')} value={holeId ?? ''} onChange={(e) => onHole(Number(e.target.value))} slotProps={NATIVE}>
        {holes.map((h) => (
          <option key={h.id} value={h.id} disabled={!placeable.has(h.id)}>
            {placeable.has(h.id) ? t('sponsorSetups.place.holeOption', { number: h.order }) : t('sponsorSetups.place.holeWithoutBoundary', { number: h.order })}
          </option>
        ))}
      </TextField>
      <Button
        variant={placing ? 'contained' : 'outlined'}
        startIcon={placing ? <CloseIcon /> : <AddLocationAltOutlinedIcon />}
        disabled={!ready && !placing}
        onClick={onTogglePlacing}
        data-testid="place-sign"
      >
        {placing ? t('sponsorSetups.place.cancel') : t('sponsorSetups.place.onMap')}
      </Button>
      <Button variant="outlined" startIcon={<CenterFocusStrongOutlinedIcon />} disabled={!ready} onClick={onPlaceAtCentre}>
        {t('sponsorSetups.place.atCentre')}
      </Button>
    </Box>
  );
}
