// Saves a Blob under a file name (the browser's download).
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const errorText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

export const invoicePdfName = (invoice: { kind: string; number: string }): string =>
  `${invoice.kind === "credit" ? "kreditine-saskaita" : "saskaita"}-${invoice.number}.pdf`;
