// The URL of a private desk file (a photo, a signature, a signed document) for staff's browser:
// FileStore.privateUrl, asynchronous on Cloud Storage (a download URL with its token), cached per
// path for the page's life.
import { useQuery } from "@tanstack/react-query";
import { useBackend } from "../../app/BackendContext";

export function usePrivateFileUrl(path: string | null | undefined): string | undefined {
  const backend = useBackend();
  const { data } = useQuery({
    queryKey: ["private-file-url", path],
    queryFn: () => backend.files.privateUrl(path ?? ""),
    enabled: Boolean(path),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}
