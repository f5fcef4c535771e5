import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Button, type Theme, useMediaQuery } from "@mui/material";
import { AppBar, TitlePortal } from "react-admin";
import { Link } from "react-router-dom";

export function AdminAppBar() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  return (
    <AppBar color="primary">
      <TitlePortal />
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
