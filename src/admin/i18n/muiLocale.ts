// MUI's own texts (autocomplete, pagination, alerts) in Lithuanian; MUI ships no ltLT locale.
import type { Localization } from "@mui/material/locale";

const pageAria = (type: string, page?: number | null, selected?: boolean): string => {
  switch (type) {
    case "first":
      return "Eiti į pirmąjį puslapį";
    case "last":
      return "Eiti į paskutinį puslapį";
    case "next":
      return "Eiti į kitą puslapį";
    case "previous":
      return "Eiti į ankstesnį puslapį";
    default:
      return selected ? `${page} puslapis` : `Eiti į ${page} puslapį`;
  }
};

export const muiLithuanian: Localization = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: "Rodyti kelią" } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type) => pageAria(type),
        labelRowsPerPage: "Eilučių puslapyje:",
        labelDisplayedRows: ({ from, to, count }) => `${from}–${to} iš ${count !== -1 ? count : `daugiau nei ${to}`}`,
      },
    },
    MuiRating: {
      defaultProps: {
        getLabelText: (value) => `${value} iš 5`,
        emptyLabelText: "Neįvertinta",
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: "Išvalyti",
        closeText: "Uždaryti",
        loadingText: "Įkeliama…",
        noOptionsText: "Nėra pasirinkimų",
        openText: "Atidaryti",
      },
    },
    MuiAlert: { defaultProps: { closeText: "Uždaryti" } },
    MuiPagination: {
      defaultProps: {
        "aria-label": "Puslapių naršymas",
        getItemAriaLabel: (type, page, selected) => pageAria(type, page, selected),
      },
    },
  },
};
