// The rich-text editor of news and offers: react-admin's ra-input-rich-text (Tiptap), limited to
// what the sanitiser keeps (src/domain/richTextPolicy.ts): paragraphs, two heading levels, bold,
// italic, underline, strikethrough, lists, quotes and links to safe schemes. Loaded on its own
// (RichTextInput.tsx), so the admin's other pages do not carry Tiptap.
//
// The same policy at every step: stored HTML goes into the editor through the render-time
// sanitiser, pasted HTML too, and the form gets the editor's HTML through it again; the server
// sanitises once more when it saves (server/services/richText.ts).
import FormatBoldIcon from "@mui/icons-material/FormatBold";
import FormatItalicIcon from "@mui/icons-material/FormatItalic";
import FormatStrikethroughIcon from "@mui/icons-material/FormatStrikethrough";
import FormatUnderlinedIcon from "@mui/icons-material/FormatUnderlined";
import LinkIcon from "@mui/icons-material/Link";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import { Box, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { type Editor, type EditorOptions, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  ClearButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput as RaRichTextInput,
  type RichTextInputProps as RaRichTextInputProps,
  RichTextInputToolbar,
  useTiptapEditor,
} from "ra-input-rich-text";
import { type ReactNode, useMemo } from "react";
import { useResourceContext, useTranslate, useTranslateLabel } from "react-admin";
import { isSafeHref } from "../../domain/richTextPolicy";
import { sanitizeRichTextForDisplay } from "../../domain/richTextRender";

/** Links the editor may make: absolute ones to the schemes the sanitiser keeps. */
const LINK = /^(https?:\/\/|mailto:|tel:)/i;

/** Tiptap's list items hold a paragraph; a single one is stored as the item's text, as before. */
export function compactListItems(html: string): string {
  return html.replace(/<li><p>((?:(?!<\/?(?:p|li|ul|ol)[\s>])[\s\S])*)<\/p><\/li>/g, "<li>$1</li>");
}

/**
 * What the form stores: the editor's HTML through the render-time sanitiser, lists compact.
 * Empty paragraphs stay (the one just made by Enter is where the cursor is); the server drops them.
 */
export function editorHtmlToStored(html: string): string {
  return html ? compactListItems(sanitizeRichTextForDisplay(html)) : "";
}

/** What the editor shows: the stored HTML through the render-time sanitiser. */
export const storedToEditorHtml = (value: unknown): string =>
  typeof value === "string" ? sanitizeRichTextForDisplay(value) : "";

/**
 * Only the nodes and marks of the policy: no code, code blocks, rules, images or headings other
 * than h2–h4, so neither typing nor pasting makes anything the sanitiser would drop. Links open in
 * the same tab (the sanitiser keeps target only with its rel) and only to safe addresses.
 */
export const EDITOR_OPTIONS: Partial<EditorOptions> = {
  extensions: [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      horizontalRule: false,
      trailingNode: false,
      // h4 is kept when stored or pasted (the policy allows it); the toolbar offers h2 and h3.
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        // Not autolink: with it Tiptap makes links inclusive, and the words typed after a link joined it.
        autolink: false,
        defaultProtocol: "https",
        protocols: ["mailto", "tel"],
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url, { defaultValidate }) => isSafeHref(url) && defaultValidate(url),
      },
    }),
  ],
  editorProps: {
    // Pasted text keeps its words but not another page's styles, scripts or handlers.
    transformPastedHTML: sanitizeRichTextForDisplay,
  },
};

type Level = "paragraph" | "h2" | "h3";
const LEVELS: { value: Level; key: string; text: string }[] = [
  { value: "paragraph", key: "ra.tiptap.paragraph", text: "¶" },
  { value: "h2", key: "ra.tiptap.heading2", text: "H2" },
  { value: "h3", key: "ra.tiptap.heading3", text: "H3" },
];

const currentLevel = (editor: Editor | null): Level | null => {
  if (!editor) return null;
  if (editor.isActive("heading", { level: 2 })) return "h2";
  if (editor.isActive("heading", { level: 3 })) return "h3";
  return editor.isActive("paragraph") ? "paragraph" : null;
};

function LevelButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const level = useEditorState({ editor, selector: ({ editor }) => currentLevel(editor) });
  const choose = (value: Level) => {
    const chain = editor.chain().focus();
    if (value === "paragraph") chain.setParagraph().run();
    else chain.setHeading({ level: value === "h2" ? 2 : 3 }).run();
  };
  return (
    <ToggleButtonGroup size="small" exclusive value={level} disabled={!editor?.isEditable}>
      {LEVELS.map(({ value, key, text }) => {
        const label = translate(key);
        return (
          <ToggleButton key={value} value={value} aria-label={label} title={label} onClick={() => choose(value)}>
            <Box component="span" sx={{ fontSize: 14, fontWeight: 700, minWidth: 22, lineHeight: "20px" }}>
              {text}
            </Box>
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}

type Mark = "bold" | "italic" | "underline" | "strike";
const MARKS: { value: Mark; key: string; icon: ReactNode; toggle: (editor: Editor) => void }[] = [
  {
    value: "bold",
    key: "ra.tiptap.bold",
    icon: <FormatBoldIcon fontSize="inherit" />,
    toggle: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    value: "italic",
    key: "ra.tiptap.italic",
    icon: <FormatItalicIcon fontSize="inherit" />,
    toggle: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    value: "underline",
    key: "ra.tiptap.underline",
    icon: <FormatUnderlinedIcon fontSize="inherit" />,
    toggle: (editor) => editor.chain().focus().toggleUnderline().run(),
  },
  {
    value: "strike",
    key: "ra.tiptap.strike",
    icon: <FormatStrikethroughIcon fontSize="inherit" />,
    toggle: (editor) => editor.chain().focus().toggleStrike().run(),
  },
];

/** Bold, italic, underline and strikethrough: ra-input-rich-text's FormatButtons without code. */
function MarkButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const active = useEditorState({
    editor,
    selector: ({ editor }) =>
      editor ? MARKS.filter(({ value }) => editor.isActive(value)).map(({ value }) => value) : [],
  });
  return (
    <ToggleButtonGroup size="small" value={active} disabled={!editor?.isEditable}>
      {MARKS.map(({ value, key, icon, toggle }) => {
        const label = translate(key);
        return (
          <ToggleButton key={value} value={value} aria-label={label} title={label} onClick={() => toggle(editor)}>
            {icon}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}

/**
 * Adding and removing a link. The address is checked before it is set (https://, http://,
 * mailto: or tel:); with no text selected, the address itself is inserted as the link's text.
 */
function LinkButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const active = useEditorState({ editor, selector: ({ editor }) => editor?.isActive("link") ?? false });
  const addLabel = translate("ra.tiptap.link");
  const removeLabel = translate("ra.tiptap.unlink");
  const add = () => {
    const answer = window.prompt(translate("ra.tiptap.link_prompt"), "https://");
    if (!answer) return;
    const href = answer.trim();
    if (!LINK.test(href) || !isSafeHref(href)) {
      window.alert(translate("ra.tiptap.link_invalid"));
      return;
    }
    if (editor.state.selection.empty && !editor.isActive("link")) {
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
      // The cursor goes after the link: typing next neither replaces its text nor extends it.
      editor.chain().focus(editor.state.selection.to).run();
    }
  };
  return (
    <ToggleButtonGroup size="small" disabled={!editor?.isEditable}>
      <ToggleButton
        value="link"
        aria-label={addLabel}
        title={addLabel}
        selected={active}
        // The text stays focused (and selected) while the address is asked, so the link goes where it was.
        onMouseDown={(event) => event.preventDefault()}
        onClick={add}
      >
        <LinkIcon fontSize="inherit" />
      </ToggleButton>
      <ToggleButton
        value="unlink"
        aria-label={removeLabel}
        title={removeLabel}
        disabled={!active}
        onClick={() => editor.chain().focus().extendMarkRange("link").unsetLink().run()}
      >
        <LinkOffIcon fontSize="inherit" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/** Only the commands whose results the sanitiser keeps. */
function Toolbar() {
  return (
    <RichTextInputToolbar size="small">
      <LevelButtons />
      <MarkButtons />
      <ListButtons size="small" />
      <QuoteButtons size="small" />
      <LinkButtons />
      <ClearButtons size="small" />
    </RichTextInputToolbar>
  );
}

const HELP = "Antraštės, paryškinimas, sąrašai, citatos ir nuorodos. Kita išvaizda pašalinama išsaugant.";

export type RichTextEditorProps = Omit<RaRichTextInputProps, "editorOptions" | "toolbar" | "format" | "parse"> & {
  minHeight?: number;
};

export default function RichTextEditor({ minHeight = 220, helperText, ...props }: RichTextEditorProps) {
  const resource = useResourceContext(props);
  const translateLabel = useTranslateLabel();
  const label = translateLabel({ label: props.label, source: props.source, resource });
  const name = typeof label === "string" ? label : props.source;
  // Stable per field (Tiptap rebuilds the editor when its options change); the contenteditable
  // is named by the field's label.
  const editorOptions = useMemo<Partial<EditorOptions>>(
    () => ({
      ...EDITOR_OPTIONS,
      editorProps: {
        ...EDITOR_OPTIONS.editorProps,
        attributes: { role: "textbox", "aria-label": name, "aria-multiline": "true" },
      },
    }),
    [name],
  );
  return (
    <RaRichTextInput
      {...props}
      editorOptions={editorOptions}
      toolbar={<Toolbar />}
      format={storedToEditorHtml}
      parse={editorHtmlToStored}
      helperText={helperText ?? HELP}
      sx={{
        my: 1,
        "& .ProseMirror": {
          minHeight,
          maxHeight: 560,
          overflowY: "auto",
          fontSize: 15,
          lineHeight: 1.55,
          "& h2": { fontSize: 22, fontWeight: 600, my: 1 },
          "& h3": { fontSize: 18, fontWeight: 600, my: 1 },
          "& p": { my: 1 },
          "& a": { color: "primary.main" },
          "& blockquote": { borderLeft: 3, borderColor: "divider", pl: 2, mx: 0 },
        },
      }}
    />
  );
}
