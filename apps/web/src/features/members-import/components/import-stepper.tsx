/** The members import (§5): file, columns, review, consent, result, one step at a time. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  type ImportResult,
  type UploadResponse,
} from '@golf/contract/api/members';
import { type Mapping } from '../utils/review-rows';
import { FileStep } from './file-step';
import { ColumnsStep } from './columns-step';
import { ReviewStep } from './review-step';
import { ConsentStep } from './consent-step';
import { ResultStep } from './result-step';

const STEPS = ['file', 'columns', 'review', 'consent', 'result'] as const;
type StepKey = (typeof STEPS)[number];

export function ImportStepper({ clubId, onShowMembers }: { clubId: number; onShowMembers: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [step, setStep] = useState<StepKey>('file');
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [check, setCheck] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const index = STEPS.indexOf(step);

  const restart = () => {
    setUpload(null);
    setMapping(null);
    setCheck(null);
    setResult(null);
    setStep('file');
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {narrow ? (
        <Typography variant="subtitle2" color="text.secondary" aria-live="polite">
          {t('membersImport.stepOf', { step: index + 1, total: STEPS.length, name: t(`membersImport.steps.${step}`) })}
        </Typography>
      ) : (
        <Stepper activeStep={index} alternativeLabel aria-label={t('membersImport.stepsLabel')}>
          {STEPS.map((key) => (
            <Step key={key} completed={STEPS.indexOf(key) < index || step === 'result'}>
              <StepLabel>{t(`membersImport.steps.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        {step === 'file' && (
          <FileStep
            clubId={clubId}
            onUploaded={(up) => {
              setUpload(up);
              setMapping(up.suggested_mapping);
              setCheck(null);
              setStep('columns');
            }}
          />
        )}
        {step === 'columns' && upload && mapping && (
          <ColumnsStep
            clubId={clubId}
            upload={upload}
            mapping={mapping}
            onChange={setMapping}
            onBack={restart}
            onChecked={(checked) => {
              setCheck(checked);
              setStep('review');
            }}
          />
        )}
        {step === 'review' && upload && mapping && check && (
          <ReviewStep upload={upload} mapping={mapping} check={check} onBack={() => setStep('columns')} onNext={() => setStep('consent')} />
        )}
        {step === 'consent' && upload && mapping && check && (
          <ConsentStep
            clubId={clubId}
            upload={upload}
            mapping={mapping}
            check={check}
            onBack={() => setStep('review')}
            onImported={(imported) => {
              setResult(imported);
              setStep('result');
            }}
          />
        )}
        {step === 'result' && result && <ResultStep result={result} onShowMembers={onShowMembers} onAgain={restart} />}
      </Paper>
    </Box>
  );
}
