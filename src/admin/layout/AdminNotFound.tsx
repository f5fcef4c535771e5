// An unknown /admin/... address: the 404 inside the back-office layout (menu and app bar stay),
// with the spec's status line, a Lithuanian explanation and the way back to the dashboard.
import { Box, Button, Card, CardContent, Typography } from "@mui/material";
import { createContext, useContext } from "react";
import { Title, useBasename } from "react-admin";
import { Link, useLocation } from "react-router-dom";
import { pageNotFoundMessage } from "../../app/statusMessages";

/** True when the app's router found no admin page here: the layout shows the 404 instead of a screen. */
export const AdminNotFoundContext = createContext(false);
export const useAdminNotFound = () => useContext(AdminNotFoundContext);

export function AdminNotFound() {
  const location = useLocation();
  const basename = useBasename();
  return (
    <Card component="section" aria-labelledby="admin-not-found-title" sx={{ mt: 2 }}>
      <Title title="Puslapis nerastas" />
      <CardContent>
        <Typography component="p" sx={{ fontSize: "3rem", fontWeight: 800, color: "#9a4a00", lineHeight: 1 }}>
          404
        </Typography>
        <Typography id="admin-not-found-title" variant="h5" component="h1" sx={{ mt: 1 }}>
          Puslapis nerastas
        </Typography>
        <Typography component="p" sx={{ mt: 1, overflowWrap: "anywhere" }}>
          <Box
            component="span"
            sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
          >
            Būsenos kodas 404:{" "}
          </Box>
          <code>{pageNotFoundMessage(`${location.pathname}${location.search}`)}</code>
        </Typography>
        <Typography component="p" sx={{ mt: 1 }}>
          Tokio administravimo puslapio nėra. Galbūt adrese yra klaida arba nuoroda pasenusi.
        </Typography>
        <Button component={Link} to={basename || "/"} variant="contained" sx={{ mt: 2 }}>
          Grįžti į suvestinę
        </Button>
      </CardContent>
    </Card>
  );
}
