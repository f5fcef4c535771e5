import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import SyncIcon from "@mui/icons-material/Sync";
import SyncDisabledIcon from "@mui/icons-material/SyncDisabled";
import {
  Box,
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  type Theme,
  Tooltip,
  useMediaQuery,
} from "@mui/material";
import { forwardRef } from "react";
import { AppBar, Logout, TitlePortal, UserMenu, useBasename, useStore, useUserMenu } from "react-admin";
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

/** "Mano paskyra" in the user menu: the staff member's own name, printed on the desk's documents. */
const AccountMenuItem = forwardRef<HTMLAnchorElement>(function AccountMenuItem(props, ref) {
  const menu = useUserMenu();
  const basename = useBasename();
  return (
    <MenuItem ref={ref} component={Link} to={`${basename}/account`} onClick={() => menu?.onClose()} {...props}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Mano paskyra</ListItemText>
    </MenuItem>
  );
});

function AdminUserMenu() {
  return (
    <UserMenu>
      <AccountMenuItem />
      <Logout />
    </UserMenu>
  );
}

export function AdminAppBar() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  return (
    <AppBar color="primary" userMenu={<AdminUserMenu />}>
      {/* A long title ends in "…" at 390 px instead of pushing the icons off-screen. */}
      <TitlePortal
        sx={{
          minWidth: 0,
          fontSize: { xs: "1rem", sm: "1.25rem" },
          // react-admin wraps the title in an inline-block, which the bar would clip without "…".
          "&& > *": {
            display: "block",
            maxWidth: "100%",
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
          },
        }}
      />
      <LiveStatus />
      {isSmall ? (
        <Tooltip title="Atidaryti viešą svetainę">
          <IconButton component={Link} to="/" color="inherit" aria-label="Atidaryti viešą svetainę">
            <OpenInNewIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          component={Link}
          to="/"
          color="inherit"
          startIcon={<OpenInNewIcon />}
          aria-label="Atidaryti viešą svetainę"
          sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
        >
          Svetainė
        </Button>
      )}
    </AppBar>
  );
}
