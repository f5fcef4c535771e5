// Damage photos from the device camera, uploaded resumably into the private "desk" store
// (backend.files.upload): a progress bar per photo, pause/continue, cancel, retry after a failure,
// and a thumbnail when it is stored.
import CameraAltIcon from "@mui/icons-material/CameraAlt";
import CloseIcon from "@mui/icons-material/Close";
import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import ReplayIcon from "@mui/icons-material/Replay";
import { Box, Button, IconButton, LinearProgress, Tooltip, Typography } from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import type { UploadProgress, UploadTask } from "../../backend/port";
import { formatNumber } from "../../domain/format";
import { usePrivateFileUrl } from "../common/usePrivateFileUrl";

const MAX_BYTES = 15 * 1024 * 1024;

interface Item {
  key: number;
  file: File;
  preview: string;
  progress: UploadProgress;
  task: UploadTask | null;
  path: string | null;
}

const STATE_TEXT: Record<UploadProgress["state"], string> = {
  running: "Įkeliama",
  paused: "Sustabdyta",
  success: "Įkelta",
  canceled: "Atšaukta",
  error: "Nepavyko",
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${formatNumber(bytes / (1024 * 1024), 1)} MB` : `${formatNumber(bytes / 1024, 0)} kB`;

/** One stored photo: its thumbnail, opening the full image. */
function StoredPhoto({ path, alt }: { path: string; alt: string }) {
  const url = usePrivateFileUrl(path);
  return (
    <Box
      component="a"
      href={url}
      target="_blank"
      rel="noopener"
      sx={{ display: "block", width: 96, height: 72, bgcolor: "action.hover", borderRadius: 1 }}
    >
      {url && (
        <Box
          component="img"
          src={url}
          alt={alt}
          sx={{ width: 96, height: 72, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider" }}
        />
      )}
    </Box>
  );
}

/** Photos already stored (an earlier act's): thumbnails only. */
export function PhotoStrip({ paths, label }: { paths: readonly string[]; label: string }) {
  if (paths.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Nuotraukų nėra.
      </Typography>
    );
  return (
    <Box component="ul" aria-label={label} sx={{ display: "flex", flexWrap: "wrap", gap: 1, p: 0, m: 0 }}>
      {paths.map((path, index) => (
        <Box component="li" key={path} sx={{ listStyle: "none" }}>
          <StoredPhoto path={path} alt={`${label}: ${index + 1}`} />
        </Box>
      ))}
    </Box>
  );
}

export function PhotoUploader({
  onChange,
  onBusyChange,
  error,
}: {
  /** the stored paths, in the order taken */
  onChange: (paths: string[]) => void;
  /** true while an upload runs or is paused */
  onBusyChange: (busy: boolean) => void;
  error?: string | null;
}) {
  const backend = useBackend();
  const [items, setItems] = useState<Item[]>([]);
  const nextKey = useRef(0);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(items);
  latest.current = items;

  const patch = (key: number, change: Partial<Item>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  // Tell the wizard what is stored and whether anything is still on its way (only changes).
  const told = useRef({ paths: "[]", busy: false });
  useEffect(() => {
    const paths = items.flatMap((item) => (item.path ? [item.path] : []));
    const busy = items.some((item) => item.progress.state === "running" || item.progress.state === "paused");
    if (JSON.stringify(paths) !== told.current.paths) onChange(paths);
    if (busy !== told.current.busy) onBusyChange(busy);
    told.current = { paths: JSON.stringify(paths), busy };
  }, [items, onChange, onBusyChange]);

  // Local previews are freed when the screen closes.
  useEffect(
    () => () => {
      for (const item of latest.current) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  const start = (key: number, file: File) => {
    const task = backend.files.upload(file, "desk", (progress) => {
      // a late "running" must not overwrite the final state
      setItems((all) =>
        all.map((item) =>
          item.key === key && item.progress.state !== "success" && item.progress.state !== "canceled"
            ? { ...item, progress }
            : item,
        ),
      );
    });
    patch(key, { task, progress: { state: "running", bytesTransferred: 0, totalBytes: file.size } });
    task.done.then(
      (path) =>
        patch(key, { path, progress: { state: "success", bytesTransferred: file.size, totalBytes: file.size } }),
      (failure: unknown) =>
        setItems((all) =>
          all.map((item) =>
            item.key === key && item.progress.state !== "canceled"
              ? {
                  ...item,
                  progress: {
                    ...item.progress,
                    state: "error",
                    error: failure instanceof Error && failure.message ? failure.message : "Įkelti nepavyko",
                  },
                }
              : item,
          ),
        ),
    );
  };

  const addFiles = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = nextKey.current++;
      const item: Item = {
        key,
        file,
        preview: URL.createObjectURL(file),
        progress: { state: "running", bytesTransferred: 0, totalBytes: file.size },
        task: null,
        path: null,
      };
      if (!file.type.startsWith("image/")) {
        item.progress = { state: "error", bytesTransferred: 0, totalBytes: file.size, error: "Tai ne nuotrauka" };
        setItems((all) => [...all, item]);
        continue;
      }
      if (file.size > MAX_BYTES) {
        item.progress = {
          state: "error",
          bytesTransferred: 0,
          totalBytes: file.size,
          error: "Nuotrauka per didelė (daugiausia 15 MB)",
        };
        setItems((all) => [...all, item]);
        continue;
      }
      setItems((all) => [...all, item]);
      start(key, file);
    }
  };

  const remove = (item: Item) => {
    if (item.progress.state === "running" || item.progress.state === "paused") item.task?.cancel();
    URL.revokeObjectURL(item.preview);
    setItems((all) => all.filter((each) => each.key !== item.key));
  };

  return (
    <Box>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        data-testid="photo-input"
        onChange={(event) => {
          addFiles(event.target.files);
          event.target.value = "";
        }}
      />
      <Button
        variant="outlined"
        size="large"
        startIcon={<CameraAltIcon />}
        onClick={() => input.current?.click()}
        sx={{ minHeight: 52 }}
      >
        Fotografuoti
      </Button>
      {error && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      {items.length > 0 && (
        <Box
          component="ul"
          aria-label="Nuotraukos"
          sx={{
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
            gap: 1.5,
            p: 0,
            m: 0,
            mt: 1.5,
          }}
        >
          {items.map((item) => {
            const { state, bytesTransferred, totalBytes } = item.progress;
            const percent = totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0;
            const moving = state === "running" || state === "paused";
            return (
              <Box
                component="li"
                key={item.key}
                data-testid="photo-item"
                data-state={state}
                sx={{
                  listStyle: "none",
                  border: 1,
                  borderColor: state === "error" ? "error.main" : "divider",
                  borderRadius: 2,
                  p: 1,
                  bgcolor: "background.paper",
                }}
              >
                <Box
                  component="img"
                  src={item.preview}
                  alt={item.file.name}
                  sx={{
                    width: "100%",
                    height: 96,
                    objectFit: "cover",
                    borderRadius: 1,
                    opacity: state === "success" ? 1 : 0.6,
                  }}
                />
                <Typography variant="caption" component="div" noWrap title={item.file.name}>
                  {item.file.name}
                </Typography>
                <Typography
                  variant="caption"
                  component="div"
                  color={state === "error" ? "error" : "text.secondary"}
                  role={state === "error" ? "alert" : undefined}
                >
                  {STATE_TEXT[state]}
                  {moving ? ` ${percent} % iš ${sizeText(totalBytes)}` : ""}
                  {state === "error" && item.progress.error ? `: ${item.progress.error}` : ""}
                </Typography>
                {moving && (
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    aria-label={`${item.file.name}: įkelta ${percent} %`}
                    sx={{ my: 0.5, height: 8, borderRadius: 4 }}
                  />
                )}
                <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 0.5 }}>
                  {state === "running" && (
                    <Tooltip title="Sustabdyti">
                      <IconButton
                        aria-label={`Sustabdyti ${item.file.name}`}
                        onClick={() => item.task?.pause()}
                        sx={{ width: 44, height: 44 }}
                      >
                        <PauseIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  {state === "paused" && (
                    <Tooltip title="Tęsti">
                      <IconButton
                        aria-label={`Tęsti ${item.file.name}`}
                        onClick={() => item.task?.resume()}
                        sx={{ width: 44, height: 44 }}
                      >
                        <PlayArrowIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  {(state === "error" || state === "canceled") && item.file.type.startsWith("image/") && (
                    <Tooltip title="Bandyti dar kartą">
                      <IconButton
                        aria-label={`Bandyti dar kartą ${item.file.name}`}
                        onClick={() => start(item.key, item.file)}
                        sx={{ width: 44, height: 44 }}
                      >
                        <ReplayIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={moving ? "Atšaukti" : "Pašalinti"}>
                    <IconButton
                      aria-label={`${moving ? "Atšaukti" : "Pašalinti"} ${item.file.name}`}
                      onClick={() => remove(item)}
                      sx={{ width: 44, height: 44 }}
                    >
                      <CloseIcon />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
