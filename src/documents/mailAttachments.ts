// A queued mail's attachments (src/domain/schemas.ts mailAttachmentSchema) in the shape nodemailer
// sends: { filename, path } read from the private files (the local mailer), or the bytes inline,
// as the Firebase functions queue them for the Trigger Email extension (docs/firebase.md).
import type { MailAttachment } from "../domain/schemas";

/** Where the kept files are read from (the core's PrivateFiles fits; documents import nothing of the core). */
export interface AttachmentFiles {
  /** null when there is no such file */
  get(path: string): Promise<Uint8Array | null>;
}

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
  files: AttachmentFiles,
  attachments: readonly MailAttachment[] | undefined,
): Promise<LoadedAttachment[]> {
  const loaded: LoadedAttachment[] = [];
  for (const attachment of attachments ?? []) {
    if ("content" in attachment) {
      loaded.push({
        filename: attachment.filename,
        content: Buffer.from(attachment.content, "base64"),
        contentType: attachment.contentType,
      });
      continue;
    }
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

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The attachment as the Firebase mail carries it: the bytes inline, the kept file's path beside
 * them (the Trigger Email extension cannot read private Storage).
 */
export function inlineAttachment(filename: string, path: string, bytes: Uint8Array): MailAttachment {
  return {
    filename,
    content: bytesToBase64(bytes),
    encoding: "base64",
    contentType: attachmentContentType(path),
    document: path,
  };
}
