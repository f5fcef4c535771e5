// An ordered list of stored image paths: thumbnails, reorder, remove, and upload with progress.
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import DeleteIcon from "@mui/icons-material/Delete";
import UploadIcon from "@mui/icons-material/Upload";
import { Box, Button, FormHelperText, IconButton, LinearProgress, Stack, Tooltip, Typography } from "@mui/material";
import { useId, useRef, useState } from "react";
import { InputHelperText, useInput } from "react-admin";
import { useBackend } from "../../app/BackendContext";
import type { UploadProgress, UploadTask } from "../../backend/port";

interface Upload {
  key: number;
  name: string;
  progress: UploadProgress;
  task: UploadTask;
}

const STATE_LABELS: Record<UploadProgress["state"], string> = {
  running: "Įkeliama",
  paused: "Sustabdyta",
  success: "Įkelta",
  canceled: "Atšaukta",
  error: "Klaida",
};

export function ImagesInput({ source, folder, label }: { source: string; folder: string; label: string }) {
  const backend = useBackend();
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  const images: string[] = Array.isArray(field.value) ? field.value : [];
  const [uploads, setUploads] = useState<Upload[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const headingId = useId();
  // The latest list, for uploads that finish after other edits.
  const latest = useRef(images);
  latest.current = images;

  const setImages = (next: string[]) => {
    latest.current = next;
    field.onChange(next);
  };

  const move = (index: number, delta: number) => {
    const target = index + delta;
    if (target < 0 || target >= images.length) return;
    const next = [...images];
    const [item] = next.splice(index, 1);
    next.splice(target, 0, item as string);
    setImages(next);
  };

  const startUpload = (file: File) => {
    const key = nextKey.current++;
    const update = (progress: UploadProgress) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, progress } : u)));
    const task = backend.files.upload(file, folder, update);
    const initial: UploadProgress = { state: "running", bytesTransferred: 0, totalBytes: file.size };
    setUploads((all) => [...all, { key, name: file.name, progress: initial, task }]);
    task.done.then(
      (path) => {
        setImages([...latest.current, path]);
        setUploads((all) => all.filter((u) => u.key !== key));
      },
      (error: unknown) => {
        setUploads((all) =>
          all.map((u) =>
            u.key === key && u.progress.state !== "canceled" && u.progress.state !== "error"
              ? {
                  ...u,
                  progress: {
                    ...u.progress,
                    state: "error",
                    error: error instanceof Error ? error.message : "Įkelti nepavyko",
                  },
                }
              : u,
          ),
        );
      },
    );
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: "100%", my: 1 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      {images.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nuotraukų dar nėra.
        </Typography>
      ) : (
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 2 }} component="ol" style={{ padding: 0 }}>
          {images.map((path, index) => (
            <Box component="li" key={path} sx={{ listStyle: "none", width: 168 }}>
              <Box
                component="img"
                src={backend.files.url(path)}
                alt={`Nuotrauka ${index + 1}${index === 0 ? " (pagrindinė)" : ""}`}
                sx={{
                  width: 168,
                  height: 112,
                  objectFit: "cover",
                  borderRadius: 1,
                  display: "block",
                  bgcolor: "grey.200",
                }}
              />
              <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
                <Typography variant="caption" color="text.secondary">
                  {index === 0 ? "Pagrindinė" : `${index + 1}.`}
                </Typography>
                <Box>
                  <Tooltip title="Perkelti į kairę">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Perkelti ${index + 1} nuotrauką į kairę`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowBackIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Perkelti į dešinę">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Perkelti ${index + 1} nuotrauką į dešinę`}
                        disabled={index === images.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowForwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Pašalinti">
                    <IconButton
                      size="small"
                      aria-label={`Pašalinti ${index + 1} nuotrauką`}
                      onClick={() => setImages(images.filter((_, i) => i !== index))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {uploads.map((upload) => {
        const { state, bytesTransferred, totalBytes, error } = upload.progress;
        const percent = totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0;
        return (
          <Box key={upload.key} sx={{ mt: 2, maxWidth: 480 }} role="status" aria-live="polite">
            <Typography variant="body2">
              {upload.name}: {STATE_LABELS[state]}
              {state === "running" || state === "paused" ? ` (${percent} %)` : ""}
              {error ? ` – ${error}` : ""}
            </Typography>
            {(state === "running" || state === "paused") && (
              <LinearProgress variant="determinate" value={percent} aria-label={`${upload.name} įkėlimo eiga`} />
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              {state === "running" && (
                <Button size="small" onClick={() => upload.task.pause()}>
                  Sustabdyti
                </Button>
              )}
              {state === "paused" && (
                <Button size="small" onClick={() => upload.task.resume()}>
                  Tęsti
                </Button>
              )}
              {(state === "running" || state === "paused") && (
                <Button size="small" color="error" onClick={() => upload.task.cancel()}>
                  Atšaukti
                </Button>
              )}
              {(state === "error" || state === "canceled") && (
                <Button size="small" onClick={() => setUploads((all) => all.filter((u) => u.key !== upload.key))}>
                  Uždaryti
                </Button>
              )}
            </Stack>
          </Box>
        );
      })}
      <Box sx={{ mt: 2 }}>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple
          hidden
          onChange={(event) => {
            for (const file of Array.from(event.target.files ?? [])) startUpload(file);
            event.target.value = "";
          }}
        />
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()}>
          Įkelti nuotraukų
        </Button>
      </Box>
      {fieldState.error && (
        <FormHelperText error>
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      )}
    </Box>
  );
}
