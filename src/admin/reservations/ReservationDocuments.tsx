// The reservation's documents as PDFs (rendered on the server, src/documents): the agreement, and
// the hand-over and return acts once they exist. A signed document comes back exactly as kept.
import ForwardToInboxIcon from "@mui/icons-material/ForwardToInbox";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Button, CircularProgress } from "@mui/material";
import { useState } from "react";
import { useNotify, useRecordContext } from "react-admin";
import type { RentalChangeDocumentKind } from "../../core/actions/desk";
import type { Reservation } from "../../domain/schemas";
import { type DeskDocumentKind, useAdminActions } from "../adminApi";

const DOCUMENTS: readonly { kind: DeskDocumentKind; label: string; stem: string }[] = [
  { kind: "agreement", label: "Sutartis", stem: "sutartis" },
  { kind: "handover", label: "Perdavimo aktas", stem: "perdavimo-aktas" },
  { kind: "return", label: "Grąžinimo aktas", stem: "grazinimo-aktas" },
];

/** Saves a Blob under a file name (the browser's download). */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ReservationDocuments() {
  const record = useRecordContext<Reservation & { id: string }>();
  const actions = useAdminActions();
  const notify = useNotify();
  const [busy, setBusy] = useState<DeskDocumentKind | RentalChangeDocumentKind | "reading" | null>(null);
  if (!record) return null;

  // Before the hand-over the customer may get the agreement to read, unsigned and marked so.
  const mayMailForReading = !record.handover && (record.status === "new" || record.status === "confirmed");
  const mailForReading = async () => {
    setBusy("reading");
    try {
      const sent = await actions.mailAgreementForReading(record.id);
      notify(`Sutartis susipažinti išsiųsta: ${sent.to}`, { type: "success" });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : "Nepavyko išsiųsti sutarties", {
        type: "error",
      });
    } finally {
      setBusy(null);
    }
  };

  const available: Record<DeskDocumentKind, boolean> = {
    agreement: true,
    handover: Boolean(record.handover),
    return: Boolean(record.returnAct),
  };
  // A car swap's two acts and each extension's addendum (src/core/rentalChanges.ts), in the order made.
  const changes: { kind: RentalChangeDocumentKind; label: string; stem: string }[] = [
    ...(record.carSwaps ?? []).flatMap((_, index) => [
      {
        kind: `swap-${index + 1}-return` as const,
        label: `Keitimo grąžinimo aktas ${index + 1}`,
        stem: `keitimo-grazinimo-aktas-${index + 1}`,
      },
      {
        kind: `swap-${index + 1}-handover` as const,
        label: `Keitimo perdavimo aktas ${index + 1}`,
        stem: `keitimo-perdavimo-aktas-${index + 1}`,
      },
    ]),
    ...(record.extensions ?? []).map((extension) => ({
      kind: `addendum-${extension.number}` as const,
      label: `Sutarties priedas Nr. ${extension.number}`,
      stem: `sutarties-priedas-${extension.number}`,
    })),
  ];
  const download = async (kind: DeskDocumentKind | RentalChangeDocumentKind, stem: string) => {
    setBusy(kind);
    try {
      const blob = await actions.downloadDeskDocument(record.id, kind);
      saveBlob(blob, `${stem}-${record.number ?? record.id}.pdf`);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : "Nepavyko atsisiųsti dokumento", {
        type: "error",
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {DOCUMENTS.map(({ kind, label, stem }) => (
        // The text stays on a phone too: three icons alone would look the same.
        <Button
          key={kind}
          size="small"
          onClick={() => void download(kind, stem)}
          disabled={!available[kind] || busy !== null}
          title={available[kind] ? `Atsisiųsti PDF: ${label}` : "Dokumentas atsiras, kai aktas bus pasirašytas"}
          data-document={kind}
          startIcon={busy === kind ? <CircularProgress size={16} /> : <PictureAsPdfIcon />}
        >
          {label}
        </Button>
      ))}
      {changes.map(({ kind, label, stem }) => (
        <Button
          key={kind}
          size="small"
          onClick={() => void download(kind, stem)}
          disabled={busy !== null}
          title={`Atsisiųsti PDF: ${label}`}
          data-document={kind}
          startIcon={busy === kind ? <CircularProgress size={16} /> : <PictureAsPdfIcon />}
        >
          {label}
        </Button>
      ))}
      {mayMailForReading && (
        <Button
          size="small"
          onClick={() => void mailForReading()}
          disabled={busy !== null}
          title="Išsiųsti klientui nepasirašytą sutartį susipažinti (pažymėta „Nepasirašyta – susipažinimui“)"
          startIcon={busy === "reading" ? <CircularProgress size={16} /> : <ForwardToInboxIcon />}
        >
          Siųsti sutartį susipažinti
        </Button>
      )}
    </>
  );
}
