// The Lithuanian confirmation shown when staff try to leave a page with unsaved changes.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useUnsavedChangesWarning } from "./useUnsavedChangesWarning";

export const UNSAVED_CHANGES_TITLE = "Neišsaugoti pakeitimai";
export const UNSAVED_CHANGES_TEXT = "Šiame puslapyje yra neišsaugotų pakeitimų. Jei išeisite, jie bus prarasti.";

/** Put on a page with its own "dirty" state; renders nothing until a navigation is held. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { asking, leave, stay } = useUnsavedChangesWarning(dirty);
  return (
    <Dialog
      open={asking}
      onClose={stay}
      aria-labelledby="unsaved-changes-title"
      aria-describedby="unsaved-changes-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="unsaved-changes-title">{UNSAVED_CHANGES_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-changes-text">{UNSAVED_CHANGES_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={stay} variant="contained" autoFocus>
          Likti puslapyje
        </Button>
        <Button onClick={leave} color="error">
          Išeiti be išsaugojimo
        </Button>
      </DialogActions>
    </Dialog>
  );
}
