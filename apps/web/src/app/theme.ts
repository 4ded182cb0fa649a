import { MOBILE_BREAKPOINT_PX } from '@ichat/shared';
import { createTheme } from '@mui/material/styles';

// MUI animates dialogs and menus regardless of the OS setting; honour it here so people
// who asked for less motion (and browser tests, which ask the same) get instant changes.
const prefersReducedMotion =
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// The grey of a finished request that nobody decided (Withdrawn): a palette colour of its
// own, so a Chip, a label and a chart slice take it by name like the other statuses.
declare module '@mui/material/styles' {
  interface Palette {
    neutral: Palette['primary'];
  }
  interface PaletteOptions {
    neutral?: PaletteOptions['primary'];
  }
}
declare module '@mui/material/Chip' {
  interface ChipPropsColorOverrides {
    neutral: true;
  }
}

const NO_MOTION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

export const theme = createTheme({
  ...(prefersReducedMotion ? { transitions: { duration: NO_MOTION } } : {}),
  // `lg` is the spec's mobile breakpoint (README: 1200 CSS px): below it the header
  // shows the small logo and an icon-only account button.
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: MOBILE_BREAKPOINT_PX, xl: 1536 } },
  palette: {
    primary: { main: '#1565c0', dark: '#0d47a1', light: '#5e92f3' },
    secondary: { main: '#ffa000' },
    // MUI's orange (#ed6c02) under white text is 3.1:1; this one is 5:1 (WCAG AA), so the
    // Pending badges and labels stay orange and readable. light is MUI's, for the alerts.
    warning: { main: '#b85000', light: '#ff9800', dark: '#8a3c00', contrastText: '#fff' },
    // Withdrawn: the secondary text's slate, 5.4:1 under white text and on white.
    neutral: { main: '#5f6b7a', light: '#8a94a1', dark: '#4a5563', contrastText: '#fff' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text: { primary: '#1f2933', secondary: '#5f6b7a' },
    divider: '#e3e8ef',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 500 },
    h1: { fontWeight: 500 },
    h2: { fontWeight: 500 },
    h3: { fontWeight: 500 },
    h4: { fontWeight: 500 },
    h5: { fontWeight: 500 },
    h6: { fontWeight: 500 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e3e8ef' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 500 } } },
    // Menus and popovers grow for a time MUI works out from their height ('auto'), not from
    // the durations above: zero them too, or they stay half transparent for a moment.
    ...(prefersReducedMotion
      ? { MuiPopover: { defaultProps: { transitionDuration: 0 } }, MuiMenu: { defaultProps: { transitionDuration: 0 } } }
      : {}),
  },
});
