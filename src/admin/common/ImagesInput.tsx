// Images of a record: thumbnails in order (drag them, or use the arrow buttons), remove, and
// uploads with a visible progress and their state: running, paused, success, canceled, error.
// `single` stores one path (an offer's or a news item's picture) instead of an ordered list.
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import DeleteIcon from "@mui/icons-material/Delete";
import UploadIcon from "@mui/icons-material/Upload";
import {
  Alert,
  Box,
  Button,
  FormHelperText,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { useId, useRef, useState } from "react";
import { InputHelperText, useInput } from "react-admin";
import { useBackend } from "../../app/BackendContext";
import type { UploadProgress, UploadTask } from "../../backend/port";
import { formatNumber } from "../../domain/format";

interface Upload {
  key: number;
  name: string;
  progress: UploadProgress;
  task: UploadTask;
  /** set when pause() answered that this upload cannot pause */
  note?: string;
}

export const UPLOAD_STATE_LABELS: Record<UploadProgress["state"], string> = {
  running: "Įkeliama",
  paused: "Sustabdyta",
  success: "Įkelta",
  canceled: "Atšaukta",
  error: "Klaida",
};

const ACCEPTED = "image/jpeg,image/png,image/webp,image/avif,image/gif";
const MAX_BYTES = 10 * 1024 * 1024;

const megabytes = (bytes: number) => `${formatNumber(bytes / (1024 * 1024), 1)} MB`;

/** Moves one item of a list to another index. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function ImagesInput({
  source,
  folder,
  label,
  single = false,
}: {
  source: string;
  folder: "cars" | "offers" | "news" | "misc";
  label: string;
  single?: boolean;
}) {
  const backend = useBackend();
  const { field, fieldState } = useInput({ source, defaultValue: single ? null : [] });
  const images: string[] = single
    ? typeof field.value === "string" && field.value
      ? [field.value]
      : []
    : Array.isArray(field.value)
      ? (field.value as string[])
      : [];
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropActive, setDropActive] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const headingId = useId();
  const inputId = useId();
  // The latest list, for uploads that finish after other edits.
  const latest = useRef(images);
  latest.current = images;

  const setImages = (next: string[]) => {
    latest.current = next;
    field.onChange(single ? (next[next.length - 1] ?? null) : next);
  };

  const move = (index: number, target: number) => {
    if (target < 0 || target >= images.length || target === index) return;
    setImages(moveItem(images, index, target));
    setAnnouncement(`Nuotrauka perkelta į ${target + 1} vietą iš ${images.length}`);
  };

  const patchUpload = (key: number, patch: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const startUpload = (file: File) => {
    const key = nextKey.current++;
    if (!ACCEPTED.split(",").includes(file.type) || file.size > MAX_BYTES) {
      const error = file.size > MAX_BYTES ? "Failas per didelis (daugiausia 10 MB)" : "Tai ne paveikslėlis";
      setUploads((all) => [
        ...all,
        {
          key,
          name: file.name,
          progress: { state: "error", bytesTransferred: 0, totalBytes: file.size, error },
          task: { pause: () => false, resume: () => false, cancel: () => false, done: Promise.resolve("") },
        },
      ]);
      return;
    }
    const task = backend.files.upload(file, folder, (progress) => patchUpload(key, { progress }));
    const initial: UploadProgress = { state: "running", bytesTransferred: 0, totalBytes: file.size };
    setUploads((all) => [...all, { key, name: file.name, progress: initial, task }]);
    task.done.then(
      (path) => {
        setImages(single ? [path] : [...latest.current, path]);
        setAnnouncement(`${file.name}: įkelta`);
        // The success state stays visible a moment, then the thumbnail takes its place.
        window.setTimeout(() => setUploads((all) => all.filter((u) => u.key !== key)), 4000);
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

  const startAll = (files: FileList | File[] | null) => {
    const list = Array.from(files ?? []);
    for (const file of single ? list.slice(0, 1) : list) startUpload(file);
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: "100%", my: 1 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Box role="status" aria-live="polite" sx={{ position: "absolute", left: -10000, width: 1, height: 1 }}>
        {announcement}
      </Box>
      {images.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {single ? "Paveikslėlio dar nėra." : "Nuotraukų dar nėra."}
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label={single ? label : `${label}: pirmoji – pagrindinė; tempkite arba naudokite rodykles`}
          sx={{ display: "flex", flexWrap: "wrap", gap: 2, p: 0, m: 0 }}
        >
          {images.map((path, index) => (
            <Box
              component="li"
              key={path}
              draggable={!single}
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = "move";
              }}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                move(dragging, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              sx={{
                listStyle: "none",
                width: 168,
                opacity: dragging === index ? 0.5 : 1,
                cursor: single ? "default" : "grab",
              }}
            >
              <Box
                component="img"
                src={backend.files.url(path)}
                alt={single ? label : `Nuotrauka ${index + 1}${index === 0 ? " (pagrindinė)" : ""}`}
                draggable={false}
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
                  {single ? "" : index === 0 ? "Pagrindinė" : `${index + 1}.`}
                </Typography>
                <Box>
                  {!single && (
                    <>
                      <Tooltip title="Perkelti į kairę">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Perkelti nuotrauką Nr. ${index + 1} į kairę`}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                          >
                            <ArrowBackIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Perkelti į dešinę">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Perkelti nuotrauką Nr. ${index + 1} į dešinę`}
                            disabled={index === images.length - 1}
                            onClick={() => move(index, index + 1)}
                          >
                            <ArrowForwardIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </>
                  )}
                  <Tooltip title="Pašalinti">
                    <IconButton
                      size="small"
                      aria-label={single ? "Pašalinti paveikslėlį" : `Pašalinti nuotrauką Nr. ${index + 1}`}
                      onClick={() => {
                        setImages(images.filter((_, i) => i !== index));
                        setAnnouncement("Nuotrauka pašalinta");
                      }}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
      {uploads.map((upload) => {
        const { state, bytesTransferred, totalBytes, error } = upload.progress;
        const percent = totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0;
        const active = state === "running" || state === "paused";
        return (
          <Box
            key={upload.key}
            data-upload-state={state}
            sx={{ mt: 2, maxWidth: 520, p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: "break-all" }}>
              {upload.name}
            </Typography>
            <Typography variant="body2" color={state === "error" ? "error" : "text.secondary"}>
              Būsena: {UPLOAD_STATE_LABELS[state]}
              {active ? ` – ${percent} % (${megabytes(bytesTransferred)} iš ${megabytes(totalBytes)})` : ""}
              {error ? ` – ${error}` : ""}
            </Typography>
            {(active || state === "success") && (
              <LinearProgress
                variant="determinate"
                value={state === "success" ? 100 : percent}
                color={state === "paused" ? "warning" : state === "success" ? "success" : "primary"}
                aria-label={`${upload.name}: įkėlimo eiga`}
                sx={{ mt: 0.5, height: 6, borderRadius: 1 }}
              />
            )}
            {upload.note && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {upload.note}
              </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              {state === "running" && (
                <Button
                  size="small"
                  onClick={() => {
                    if (!upload.task.pause()) {
                      patchUpload(upload.key, {
                        note: "Mažo failo (iki 256 KB) įkėlimo sustabdyti negalima – jis baigsis po akimirkos.",
                      });
                    }
                  }}
                >
                  Sustabdyti
                </Button>
              )}
              {state === "paused" && (
                <Button size="small" onClick={() => upload.task.resume()}>
                  Tęsti
                </Button>
              )}
              {active && (
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
      <Box
        onDragOver={(event) => {
          if (dragging !== null || !event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDropActive(true);
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={(event) => {
          if (dragging !== null || event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          setDropActive(false);
          startAll(event.dataTransfer.files);
        }}
        sx={{
          mt: 2,
          p: 2,
          border: "2px dashed",
          borderColor: dropActive ? "primary.main" : "divider",
          borderRadius: 1,
          bgcolor: dropActive ? "action.hover" : "transparent",
          display: "flex",
          flexWrap: "wrap",
          gap: 2,
          alignItems: "center",
        }}
      >
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={ACCEPTED}
          multiple={!single}
          hidden
          aria-label={single ? `${label}: pasirinkti failą` : `${label}: pasirinkti failus`}
          onChange={(event) => {
            startAll(event.target.files);
            event.target.value = "";
          }}
        />
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()}>
          {single ? (images.length > 0 ? "Pakeisti paveikslėlį" : "Įkelti paveikslėlį") : "Įkelti nuotraukų"}
        </Button>
        <Typography variant="body2" color="text.secondary">
          arba nutempkite {single ? "failą" : "failus"} čia. JPEG, PNG, WebP, AVIF ar GIF, iki 10 MB.
        </Typography>
      </Box>
      {fieldState.error && (
        <FormHelperText error>
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      )}
      {uploads.some((u) => u.progress.state === "running" || u.progress.state === "paused") && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Išsaugokite įrašą, kai įkėlimas baigsis.
        </Alert>
      )}
    </Box>
  );
}
