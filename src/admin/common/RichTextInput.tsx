// The rich-text input of news and offers. The editor (ra-input-rich-text, Tiptap:
// RichTextEditor.tsx) is a chunk of its own, loaded when a form with it opens.
import { Skeleton } from "@mui/material";
import { lazy, Suspense } from "react";
import type { RichTextEditorProps } from "./RichTextEditor";

const RichTextEditor = lazy(() => import("./RichTextEditor"));

export type RichTextInputProps = RichTextEditorProps;

export function RichTextInput(props: RichTextInputProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={(props.minHeight ?? 220) + 48} sx={{ my: 1 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
