import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import SyncIcon from "@mui/icons-material/Sync";
import SyncDisabledIcon from "@mui/icons-material/SyncDisabled";
import { Box, Button, type Theme, Tooltip, useMediaQuery } from "@mui/material";
import { AppBar, TitlePortal, useStore } from "react-admin";
import { Link } from "react-router-dom";
import { LIVE_STATUS_KEY } from "./LiveUpdates";

/** Whether the live change feed is connected: staff know the lists update by themselves. */
function LiveStatus() {
  const [connected] = useStore<boolean | null>(LIVE_STATUS_KEY, null);
  if (connected === null) return null;
  const label = connected
    ? "Tiesioginiai atnaujinimai veikia: nauji įrašai atsiras patys"
    : "Tiesioginiai atnaujinimai nutrūko, jungiamasi iš naujo";
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: "inline-flex", mx: 1, opacity: 0.9 }}>
        {connected ? <SyncIcon fontSize="small" /> : <SyncDisabledIcon fontSize="small" />}
      </Box>
    </Tooltip>
  );
}

export function AdminAppBar() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  return (
    <AppBar color="primary">
      <TitlePortal />
      <LiveStatus />
      <Button
        component={Link}
        to="/"
        color="inherit"
        startIcon={isSmall ? undefined : <OpenInNewIcon />}
        aria-label="Atidaryti viešą svetainę"
        sx={{ whiteSpace: "nowrap" }}
      >
        {isSmall ? <OpenInNewIcon /> : "Svetainė"}
      </Button>
    </AppBar>
  );
}
