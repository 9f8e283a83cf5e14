import { alpha, createTheme } from '@mui/material/styles';

const PRIMARY = '#1f6f43';

/**
 * Where the keyboard is (WCAG 2.4.7, 2.4.11): a green ring with a white gap, visible on white
 * and on the green top bar. Inside lists, menus, tabs and button groups it is drawn inward, where
 * a neighbour or a scrolling container would hide it.
 */
const FOCUS_RING = { outline: `2px solid ${PRIMARY}`, outlineOffset: 2, boxShadow: '0 0 0 2px #fff' };
const INSET_FOCUS_RING = { outline: `2px solid ${PRIMARY}`, outlineOffset: -2, boxShadow: 'inset 0 0 0 4px #fff' };
const insetFocus = { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } };
/**
 * A selected row that has the focus keeps its text readable (secondary text 4.5:1): the ring shows
 * the focus, so the background only darkens as far as the selection alone.
 */
const selectedFocus = { '&.Mui-selected.Mui-focusVisible': { backgroundColor: alpha(PRIMARY, 0.14) } };

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY, dark: '#154d2f', light: '#4c9a6c', contrastText: '#fff' },
    secondary: { main: '#c9a227', contrastText: '#1b1b1b' },
    // Darker than MUI's defaults: error and info text stay 4.5:1 on their tinted rows and chips (WCAG 1.4.3).
    error: { main: '#b71c1c' },
    info: { main: '#01579b' },
    background: { default: '#f4f6f4', paper: '#ffffff' },
    text: { primary: '#1c2520', secondary: '#5a665f' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 650 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    h3: { fontSize: '1.0625rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Anything focusable that no component styles (links, the maps, plain elements with a tabindex).
    MuiCssBaseline: { styleOverrides: { ':where(a, button, summary, [tabindex]):focus-visible': FOCUS_RING } },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING, ...selectedFocus } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING, ...selectedFocus } } },
    MuiTab: insetFocus,
    MuiToggleButton: insetFocus,
    MuiAppBar: { defaultProps: { elevation: 0 } },
    // A button without elevation drops its focus shadow: the ring is put back.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e1e6e2' } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
