// A queued mail's attachments ({ filename, path } with a private file's path, src/domain/schemas.ts
// mailAttachmentSchema) read from the private files, in the shape nodemailer sends. The local
// mailer uses it; on Firebase the same bytes can be put inline for the Trigger Email extension
// (docs/firebase.md).
import type { PrivateFiles } from "../core/ports";

export interface LoadedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

const TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

export function attachmentContentType(path: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? "";
  return TYPES[extension] ?? "application/octet-stream";
}

export class MissingAttachmentError extends Error {
  constructor(readonly path: string) {
    super(`Laiško priedas ${path} nerastas privačiuose failuose`);
    this.name = "MissingAttachmentError";
  }
}

/** Every attachment's bytes; a missing file fails the whole mail (it is retried, then shown as an error). */
export async function loadMailAttachments(
  files: PrivateFiles,
  attachments: readonly { filename: string; path: string }[] | undefined,
): Promise<LoadedAttachment[]> {
  const loaded: LoadedAttachment[] = [];
  for (const attachment of attachments ?? []) {
    const bytes = await files.get(attachment.path);
    if (!bytes) throw new MissingAttachmentError(attachment.path);
    loaded.push({
      filename: attachment.filename,
      content: Buffer.from(bytes),
      contentType: attachmentContentType(attachment.path),
    });
  }
  return loaded;
}
