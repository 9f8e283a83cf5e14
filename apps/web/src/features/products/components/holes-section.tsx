import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { HOLE_PAGE_TOGGLES, type Guide, type GuideHoleSettings, type HolePageToggle } from '@golf/contract/api/guides';
import { IMAGE_ACCEPT } from '@golf/contract/api/images';
import { GuideSaveBar, SectionCard, UnsavedChangesGuard, useGuideSave } from './guide-form';
import { useGuideImageSender } from './guide-image-upload';

const toggles = (guide: Guide): GuideHoleSettings[] =>
  guide.holes.map((h) => ({ hole_id: h.hole_id, page: h.page, green: h.green, pin_chart: h.pin_chart, pro_guideline: h.pro_guideline }));

/** /holes — what each hole's page shows, and an image that replaces the hole's drawing in this guide (an override). */
export function HolesSection({ clubId, guide }: { clubId: number; guide: Guide }) {
  const { t } = useTranslation();
  const { save, saving } = useGuideSave(clubId, guide);
  const { send, removeImage, busy } = useGuideImageSender(clubId, guide.guide_id, {
    saved: t('products.holes.overrideSaved'),
    removed: t('products.holes.overrideRemoved'),
    failed: t('products.holes.overrideFailed'),
  });
  const initial = toggles(guide);
  const [rows, setRows] = useState(initial);
  const [busyHole, setBusyHole] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<number | null>(null);
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial);
  const courseName = (id: number) => guide.courses.find((c) => c.course_id === id)?.name ?? '';

  const set = (holeId: number, toggle: HolePageToggle, on: boolean) => setRows((list) => list.map((r) => (r.hole_id === holeId ? { ...r, [toggle]: on } : r)));
  const setAll = (toggle: HolePageToggle, on: boolean) => setRows((list) => list.map((r) => ({ ...r, [toggle]: on })));

  const sendOverride = async (file: File) => {
    const holeId = target.current;
    if (holeId === null) return;
    setBusyHole(holeId);
    await send({ kind: 'override', holeId }, file);
    setBusyHole(null);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        await save({ holes: rows });
      }}
      sx={{ display: 'grid', gap: 3 }}
    >
      <SectionCard id="guide-holes" title={t('products.holes.title')} hint={t('products.holes.hint')}>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          aria-label={t('products.holes.chooseOverride')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void sendOverride(file);
          }}
        />
        <TableContainer>
          <Table size="small" aria-labelledby="guide-holes">
            <TableHead>
              <TableRow>
                <TableCell>{t('products.markers.hole')}</TableCell>
                {HOLE_PAGE_TOGGLES.map((toggle) => {
                  const all = rows.every((r) => r[toggle]);
                  return (
                    <TableCell key={toggle} padding="checkbox" sx={{ whiteSpace: 'nowrap', px: 1 }}>
                      <Checkbox
                        size="small"
                        checked={all}
                        indeterminate={!all && rows.some((r) => r[toggle])}
                        onChange={(e) => setAll(toggle, e.target.checked)}
                        slotProps={{ input: { 'aria-label': t('products.holes.all', { toggle: t(`products.holes.toggle.${toggle}`) }) } }}
                      />
                      {t(`products.holes.toggle.${toggle}`)}
                    </TableCell>
                  );
                })}
                <TableCell>{t('products.holes.override')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {guide.holes.map((hole) => {
                const row = rows.find((r) => r.hole_id === hole.hole_id)!;
                const label = guide.courses.length > 1 ? `${courseName(hole.course_id)} ${hole.order}` : String(hole.order);
                return (
                  <TableRow key={hole.hole_id}>
                    <TableCell sx={{ fontWeight: 600 }}>{t('products.markers.holeNumber', { hole: label })}</TableCell>
                    {HOLE_PAGE_TOGGLES.map((toggle) => (
                      <TableCell key={toggle} padding="checkbox" sx={{ px: 1 }}>
                        <Checkbox
                          checked={row[toggle]}
                          disabled={toggle !== 'page' && !row.page}
                          onChange={(e) => set(hole.hole_id, toggle, e.target.checked)}
                          slotProps={{ input: { 'aria-label': t('products.holes.toggleFor', { toggle: t(`products.holes.toggle.${toggle}`), hole: label }) } }}
                        />
                      </TableCell>
                    ))}
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                        {hole.override_image_url && <Avatar variant="rounded" src={hole.override_image_url} alt={t('products.holes.overrideOf', { hole: label })} />}
                        {busyHole === hole.hole_id ? (
                          <CircularProgress size={20} aria-label={t('products.image.uploading')} />
                        ) : (
                          <Button
                            size="small"
                            disabled={busyHole !== null}
                            onClick={() => {
                              target.current = hole.hole_id;
                              input.current?.click();
                            }}
                          >
                            {hole.override_image_url ? t('products.holes.replaceOverride') : t('products.holes.addOverride')}
                          </Button>
                        )}
                        {hole.override_image_url && (
                          <Button
                            size="small"
                            color="error"
                            disabled={busy}
                            onClick={() => void removeImage({ kind: 'override', holeId: hole.hole_id })}
                          >
                            {t('products.holes.removeOverride')}
                          </Button>
                        )}
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </SectionCard>
      <GuideSaveBar dirty={dirty} saving={saving} problems={false} onDiscard={() => setRows(initial)} />
      <UnsavedChangesGuard dirty={dirty} saving={saving} />
    </Box>
  );
}
