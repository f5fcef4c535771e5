// Loading a desk screen's data, ids for new marks, and the "what is signed" list.
import { Box, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { type DeskInfoView, useDeskActions } from "./deskApi";
import { refusalOf } from "./deskModel";

/** deskInfo(id) once per screen; a refusal (404, 403) becomes the screen's message. */
export function useDeskInfo(id: string): { info: DeskInfoView | null; loadError: string | null } {
  const actions = useDeskActions();
  const [info, setInfo] = useState<DeskInfoView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // One load per reservation: react-admin may hand out a new actions object on a render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    let alive = true;
    actions.deskInfo(id).then(
      (answer) => alive && setInfo(answer),
      (failure: unknown) => alive && setLoadError(refusalOf(failure).message),
    );
    return () => {
      alive = false;
    };
  }, [id]);
  return { info, loadError };
}

let counter = 0;
/** A mark id the schema takes (letters, digits, - and _; up to 40). */
export function newMarkId(): string {
  counter += 1;
  return `m${Date.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Label / value rows. */
export function SummaryList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "minmax(160px, auto) 1fr" },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.75 },
        my: 1,
        p: 2,
        bgcolor: "action.hover",
        borderRadius: 2,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
