// The back-office theme: react-admin's light theme with WCAG AA colours, a visible focus
// ring everywhere and MUI's own texts in Lithuanian.
import { deepmerge } from "@mui/utils";
import { defaultLightTheme, type RaThemeOptions } from "react-admin";
import { muiLithuanian } from "./i18n/muiLocale";

const PRIMARY = "#0d47a1"; // 8.6:1 on white
const FOCUS = "#0a2f6b";
const FOCUS_ON_DARK = "#ffffff";

const focusRing = {
  outline: `3px solid ${FOCUS}`,
  outlineOffset: 2,
};

const theme: RaThemeOptions = {
  palette: {
    mode: "light",
    primary: { main: PRIMARY, contrastText: "#ffffff" },
    secondary: { main: "#00695c", contrastText: "#ffffff" }, // 6.9:1
    // MUI's default warning and info fail 4.5:1 with white text.
    warning: { main: "#9a4a00", contrastText: "#ffffff" },
    info: { main: "#01579b", contrastText: "#ffffff" },
    success: { main: "#2e7d32", contrastText: "#ffffff" },
    error: { main: "#b71c1c", contrastText: "#ffffff" }, // 5.3:1 even on the grey toolbar
    background: { default: "#f4f6f9", paper: "#ffffff" },
    text: { primary: "#1a1f26", secondary: "#4a5361" },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h6: { fontWeight: 500 },
  },
  sidebar: { width: 232, closedWidth: 56 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        "*:focus-visible": focusRing,
        ".MuiAppBar-root *:focus-visible": { outlineColor: FOCUS_ON_DARK },
        // Inputs show focus through their underline; add the ring around the field.
        ".MuiInputBase-root.Mui-focused": { outline: `2px solid ${FOCUS}`, outlineOffset: 1 },
        "@media (prefers-reduced-motion: reduce)": {
          "*, *::before, *::after": { transitionDuration: "0.01ms !important", animationDuration: "0.01ms !important" },
        },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    // react-admin's loaders (lists, references, the app bar) have no accessible name of their own.
    MuiCircularProgress: { defaultProps: { "aria-label": "Įkeliama" } },
    MuiLinearProgress: { defaultProps: { "aria-label": "Įkeliama" } },
    MuiMenuItem: { styleOverrides: { root: { "&.Mui-focusVisible": { ...focusRing, outlineOffset: -3 } } } },
    MuiTableRow: { styleOverrides: { root: { "&:focus-visible": { ...focusRing, outlineOffset: -3 } } } },
    MuiLink: { defaultProps: { underline: "always" } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    // Wide tables scroll inside their card instead of widening the whole page.
    RaLayout: { styleOverrides: { root: { minWidth: 0, "& .RaLayout-content": { minWidth: 0 } } } },
    // react-admin fades the empty-list message to 50 %: too faint to read.
    RaEmpty: { styleOverrides: { root: { "& .RaEmpty-message": { opacity: 1, color: "#4a5361" } } } },
    // No browser validation bubbles (they speak the browser's language and hide our inline
    // Lithuanian messages): react-admin validates, the form never does natively.
    RaSimpleForm: { defaultProps: { noValidate: true } },
    RaToolbar: { styleOverrides: { root: { backgroundColor: "#eceff3" } } },
    RaList: { styleOverrides: { root: { "& .RaList-main": { minWidth: 0 } } } },
    RaDataTable: { styleOverrides: { root: { "& .RaDataTable-tableWrapper": { overflowX: "auto" } } } },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          color: "#3b4452",
          // Long Lithuanian labels wrap instead of ending in "…".
          "& .MuiTypography-root": { whiteSpace: "normal" },
          "&.RaMenuItemLink-active": { color: PRIMARY, fontWeight: 600, backgroundColor: "rgba(13, 71, 161, 0.08)" },
          "&.RaMenuItemLink-active .MuiListItemIcon-root": { color: PRIMARY },
        },
      },
    },
  },
};

export const adminTheme: RaThemeOptions = deepmerge(deepmerge(defaultLightTheme, theme), muiLithuanian);
