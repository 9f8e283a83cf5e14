import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * Print styles while a printable page is shown (pin sheet, sponsor report): no shell chrome (app
 * bar, side menu, snackbars, anything marked `data-print="hide"`), the given paper size with 10 mm
 * margins, and only the element `sheetId` of the page's content.
 */
export function PrintStyles({ paper, sheetId }: { paper: 'A4' | 'letter'; sheetId: string }) {
  return (
    <GlobalStyles
      styles={{
        '@page': { size: paper, margin: '10mm' },
        '@media print': {
          '.MuiAppBar-root, .MuiDrawer-root, main > .MuiToolbar-root, main > .MuiToolbar-root + *, .MuiSnackbar-root, [data-print="hide"]': { display: 'none !important' },
          [`main .MuiContainer-root > :first-child:not(#${sheetId})`]: { display: 'none !important' },
          'main .MuiContainer-root': { maxWidth: 'none !important', padding: '0 !important' },
          body: { background: '#fff !important' },
        },
      }}
    />
  );
}

/** The paper of the reader's country: US Letter in the US and Canada, A4 elsewhere. */
export function localPaper(): 'A4' | 'letter' {
  return /^en-(US|CA)|-(US|CA)$/.test(navigator.language ?? '') ? 'letter' : 'A4';
}
