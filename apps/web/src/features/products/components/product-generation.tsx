import { useEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { generationInProgress, type Guide, type GuideProduct } from '@golf/contract/api/guides';
import { GENERATING_MESSAGE_KEYS, type GuideFile, type GuideFilesResponse, type LocationResponse } from '@golf/contract/api/guide-generation';
import { jobRunning, type Job } from '@golf/contract/api/jobs';
import { errorText } from '../../../lib/error-text';
import { JobProgress } from '../../../lib/jobs/job-progress';
import { useJob } from '../../../lib/jobs/use-job';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { jobOfProduct, useClubJobs, useGenerate, useReloadGuide } from '../api/generation';
import { fileLabelKey, mainFiles } from '../utils/generation';
import { formatFileSize } from '../../../lib/image-file';

/**
 * One product's row actions on the guide page (§4): Generate, the job's progress while it runs
 * ('Generating PDF Guide', its percent), why it failed, and the links to the files made.
 * A generation is running while the guide's request time is later than its last generated time;
 * after a reload the job is found again in the club's job list.
 */
export function ProductGeneration({ clubId, guide, product, files }: { clubId: number; guide: Guide; product: GuideProduct; files: LocationResponse | undefined }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const generate = useGenerate(clubId, guide.guide_id);
  const reload = useReloadGuide(clubId);
  const [jobId, setJobId] = useState<string | null>(null);
  const inProgress = generationInProgress(guide, product);
  // After a reload (or a generation started elsewhere) the job is looked up by guide and product.
  const clubJobs = useClubJobs(clubId, inProgress && !jobId);
  const found = jobId ? null : jobOfProduct(clubJobs.data, guide.guide_id, product);
  const job = useJob(clubId, jobId ?? found?.id);
  const current: Job | null = job.data ?? found ?? null;
  const running = generate.isPending || (current ? jobRunning(current.state) : inProgress);
  const name = t(`products.product.${product}`);

  // The job's end: seen running, then completed or failed. The guide, the list and the files reload.
  const seen = useRef<Job['state'] | null>(null);
  const state = current?.state ?? null;
  useEffect(() => {
    const before = seen.current;
    seen.current = state;
    if (!state || jobRunning(state)) return;
    if (before && jobRunning(before)) {
      if (state === 'completed') snackbar.confirm(t('products.generate.done', { product: name }));
      else if (state === 'failed') snackbar.error(t('products.generate.failed', { product: name }), current?.error ?? undefined);
      void reload(guide.guide_id);
    } else if (inProgress) {
      // The guide still says running while its job has ended: its times are stale.
      void reload(guide.guide_id);
    }
    // Only the state's change matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const start = async () => {
    try {
      const answer = await generate.mutateAsync(product);
      setJobId(answer.job_id);
      if (answer.existing) snackbar.confirm(t('products.generate.alreadyRunning', { product: name }));
    } catch (error) {
      snackbar.error(t('products.generate.startFailed', { product: name }), errorText(error, t));
    }
  };

  const made = !!guide[`generated_at_${product}`];
  const message = t(GENERATING_MESSAGE_KEYS[product]);
  const showJob = current && (running || current.state === 'failed');
  // The button's name starts with the words it shows, then names the product (WCAG 2.5.3 Label in Name).
  const [label, accessibleName] = generate.isPending
    ? [t('products.generate.starting'), t('products.generate.startingFor', { product: name })]
    : made
      ? [t('products.generate.again'), t('products.generate.againFor', { product: name })]
      : [t('products.generate.button'), t('products.generate.buttonFor', { product: name })];
  return (
    <Box sx={{ display: 'grid', gap: 1, width: '100%' }} data-testid={`generate-${product}`}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          size="small"
          variant={made ? 'outlined' : 'contained'}
          startIcon={made ? <AutorenewIcon /> : <PlayArrowIcon />}
          onClick={() => void start()}
          disabled={running}
          aria-label={accessibleName}
        >
          {label}
        </Button>
        <FileLinks product={product} files={files?.files ?? []} />
      </Box>
      {running && !current && (
        <JobProgress job={{ state: 'queued', percent: 0, message: clubJobs.isPending && !jobId ? t('products.generate.lookingForJob') : message, error: null, attempts: 0 }} label={t('products.generate.progressOf', { product: name })} />
      )}
      {showJob && (
        <JobProgress
          // The progress message ('Generating PDF Guide', …) in the user's language while it runs; the job's own reason when it fails.
          job={{ ...current, message: jobRunning(current.state) ? message : current.message }}
          label={t('products.generate.progressOf', { product: name })}
        />
      )}
    </Box>
  );
}

/** The product's files: the main ones as links (PDF, print-shop PDF, booklet), the rest behind 'All files'. */
function FileLinks({ product, files }: { product: GuideProduct; files: readonly GuideFile[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  if (files.length === 0) return null;
  const main = mainFiles(product, files);
  const rest = files.filter((f) => !main.includes(f));
  const link = (f: GuideFile, label: string) => (
    <Link key={f.name} href={f.url} target="_blank" rel="noopener" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {label}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {' '}
        ({formatFileSize(f.bytes, i18n.language)})
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {' '}
        {t('products.files.opensInNewTab')}
      </Box>
    </Link>
  );
  const listId = `files-${product}`;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }} aria-label={t('products.files.title', { product: t(`products.product.${product}`) })} role="group">
      {main.map((f) => {
        const key = fileLabelKey(f.name);
        return link(f, key ? t(key) : f.name);
      })}
      {rest.length > 0 && (
        <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={listId}>
          {open ? t('products.files.hide') : t('products.files.all', { count: rest.length })}
        </Button>
      )}
      {open && (
        <Box component="ul" id={listId} sx={{ m: 0, pl: 2.5, width: '100%', columns: { xs: 1, sm: 2 }, typography: 'body2' }}>
          {rest.map((f) => (
            <li key={f.name}>{link(f, f.name)}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** A product's actions in the guide's products card: generating, and its files (or why they could not be loaded). */
export function ProductActions({ clubId, guide, product, files }: { clubId: number; guide: Guide; product: GuideProduct; files: UseQueryResult<GuideFilesResponse> }) {
  const { t } = useTranslation();
  return (
    <>
      <ProductGeneration clubId={clubId} guide={guide} product={product} files={files.data?.[product]} />
      {files.isError && guide[`generated_at_${product}`] && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
          {t('products.files.loadFailed')}{' '}
          <Button size="small" onClick={() => void files.refetch()}>
            {t('common.retry')}
          </Button>
        </Typography>
      )}
    </>
  );
}
