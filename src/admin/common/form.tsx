// Layout and toolbar shared by the back-office edit forms.
import { Box } from "@mui/material";
import type { ReactNode } from "react";
import { DeleteWithConfirmButton, type RedirectionSideEffect, SaveButton, Toolbar } from "react-admin";

/** Keeps text fields strings (the schemas want "", react-admin would send null for a cleared field). */
export const emptyToString = (value: string | null) => value ?? "";

const track = (count: number) => `repeat(${count}, minmax(0, 1fr))`;

/** Inputs side by side from the sm breakpoint (one column on phones); `lgColumns` widens it on large screens. */
export function FormRow({
  children,
  columns = 2,
  lgColumns,
}: {
  children: ReactNode;
  columns?: number;
  lgColumns?: number;
}) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: { xs: 0, sm: 2 },
        gridTemplateColumns: { xs: "1fr", sm: track(columns), ...(lgColumns ? { lg: track(lgColumns) } : {}) },
        width: "100%",
      }}
    >
      {children}
    </Box>
  );
}

/** Save on the left, delete (confirmed, pessimistic) on the right when the record may be deleted. */
export function SaveDeleteToolbar({
  canDelete,
  saveLabel,
  deleteRedirect,
}: {
  canDelete: boolean;
  saveLabel?: string;
  deleteRedirect?: RedirectionSideEffect;
}) {
  return (
    <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
      <SaveButton label={saveLabel} />
      {canDelete && <DeleteWithConfirmButton mutationMode="pessimistic" redirect={deleteRedirect} />}
    </Toolbar>
  );
}
