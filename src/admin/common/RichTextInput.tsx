// A small rich-text editor for news and offers: paragraphs, two heading levels, bold, italic,
// lists and links, nothing else (the server keeps only these tags when it sanitises the HTML).
// Built on contentEditable, with no external editor and no CDN.
import FormatBoldIcon from "@mui/icons-material/FormatBold";
import FormatClearIcon from "@mui/icons-material/FormatClear";
import FormatItalicIcon from "@mui/icons-material/FormatItalic";
import FormatListBulletedIcon from "@mui/icons-material/FormatListBulleted";
import FormatListNumberedIcon from "@mui/icons-material/FormatListNumbered";
import LinkIcon from "@mui/icons-material/Link";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import { Box, Divider, FormHelperText, IconButton, Tooltip, Typography } from "@mui/material";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { FieldTitle, type InputProps, useInput, useResourceContext, useTranslate } from "react-admin";
import { sanitizeRichTextForDisplay } from "../../domain/richTextRender";

/** Leaves only the editor's own tags; everything else becomes its text. The server sanitises again. */
const KEEP = new Set(["P", "BR", "STRONG", "B", "EM", "I", "U", "H2", "H3", "UL", "OL", "LI", "A", "BLOCKQUOTE"]);
const RENAME: Record<string, string> = { B: "strong", I: "em", DIV: "p", H1: "h2", H4: "h3" };

export function cleanEditorHtml(html: string, doc: Document = document): string {
  const template = doc.createElement("template");
  template.innerHTML = html;
  const walk = (node: Node, into: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        into.appendChild(doc.createTextNode(child.textContent ?? ""));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const element = child as Element;
      if (["SCRIPT", "STYLE", "IFRAME", "OBJECT", "TEMPLATE"].includes(element.tagName)) continue;
      const name = RENAME[element.tagName] ?? (KEEP.has(element.tagName) ? element.tagName.toLowerCase() : null);
      if (!name) {
        walk(element, into);
        continue;
      }
      const copy = doc.createElement(name);
      if (name === "a") {
        const href = element.getAttribute("href") ?? "";
        if (/^(https?:|mailto:|tel:)/i.test(href)) copy.setAttribute("href", href);
      }
      walk(element, copy);
      into.appendChild(copy);
    }
  };
  const out = doc.createElement("div");
  walk(template.content, out);
  return out.innerHTML
    .replace(/<p>(?:\s|&nbsp;|<br>)*<\/p>/g, "")
    .replace(/^(?:<br>)+|(?:<br>)+$/g, "")
    .trim();
}

/** Plain text from the editor's HTML, for an empty check. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .trim();

interface ToolProps {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, active, onClick, children }: ToolProps) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={active}
        // Keep the selection in the editor: act on mousedown, before focus moves.
        onMouseDown={(event) => {
          event.preventDefault();
          onClick();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            onClick();
          }
        }}
        sx={active ? { bgcolor: "action.selected" } : undefined}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

function TextTool({
  label,
  text,
  active,
  onClick,
}: {
  label: string;
  text: string;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <Tool label={label} active={active} onClick={onClick}>
      <Box
        component="span"
        sx={{ fontSize: 14, fontWeight: 700, minWidth: 22, lineHeight: "20px", color: "text.primary" }}
      >
        {text}
      </Box>
    </Tool>
  );
}

type RichTextInputProps = Omit<InputProps, "source"> & { source: string; minHeight?: number };

export function RichTextInput({ minHeight = 220, ...props }: RichTextInputProps) {
  const { field, fieldState, isRequired } = useInput({ ...props, defaultValue: props.defaultValue ?? "" });
  const resource = useResourceContext(props);
  const translate = useTranslate();
  const editor = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const helpId = useId();
  /** The HTML we last sent to the form: an outside change (a reset) is written into the editor. */
  const lastSent = useRef<string | null>(null);
  const [formats, setFormats] = useState<Record<string, boolean>>({});
  const [block, setBlock] = useState("p");
  const value = typeof field.value === "string" ? field.value : "";

  useEffect(() => {
    const element = editor.current;
    if (!element || value === lastSent.current) return;
    // Stored HTML goes into a live element, where an event attribute would run: sanitise first.
    element.innerHTML = sanitizeRichTextForDisplay(value);
    lastSent.current = value;
  }, [value]);

  const sync = useCallback(() => {
    const element = editor.current;
    if (!element) return;
    const html = cleanEditorHtml(element.innerHTML);
    const next = textOf(html) === "" && !/<li>/.test(html) ? "" : html;
    lastSent.current = next;
    field.onChange(next);
  }, [field]);

  const refreshState = useCallback(() => {
    setFormats({
      bold: document.queryCommandState("bold"),
      italic: document.queryCommandState("italic"),
      insertUnorderedList: document.queryCommandState("insertUnorderedList"),
      insertOrderedList: document.queryCommandState("insertOrderedList"),
    });
    setBlock(String(document.queryCommandValue("formatBlock") || "p").toLowerCase());
  }, []);

  const run = (command: string, argument?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, argument);
    sync();
    refreshState();
  };

  const addLink = () => {
    const href = window.prompt("Nuorodos adresas (https://…, mailto:… arba tel:…)", "https://");
    if (!href) return;
    if (!/^(https?:\/\/|mailto:|tel:)/i.test(href.trim())) {
      window.alert("Nuoroda turi prasidėti https://, http://, mailto: arba tel:");
      return;
    }
    run("createLink", href.trim());
  };

  const error = fieldState.error?.message;
  const label = typeof props.label === "string" ? translate(props.label, { _: props.label }) : null;

  return (
    <Box sx={{ width: "100%", my: 1 }}>
      <Typography id={labelId} variant="body2" sx={{ color: "text.secondary", mb: 0.5 }}>
        {label ?? <FieldTitle source={props.source} resource={resource} isRequired={isRequired} />}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? "error.main" : "divider",
          borderRadius: 1,
          bgcolor: "background.paper",
          "&:focus-within": { outline: "2px solid #0a2f6b", outlineOffset: 1 },
        }}
      >
        <Box
          role="toolbar"
          aria-label="Teksto formatavimas"
          sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, p: 0.5, bgcolor: "#eceff3" }}
        >
          <TextTool
            label="Paragrafas"
            text="¶"
            active={block === "p" || block === "div"}
            onClick={() => run("formatBlock", "<p>")}
          />
          <TextTool label="Antraštė" text="H2" active={block === "h2"} onClick={() => run("formatBlock", "<h2>")} />
          <TextTool label="Paantraštė" text="H3" active={block === "h3"} onClick={() => run("formatBlock", "<h3>")} />
          <Divider orientation="vertical" flexItem />
          <Tool label="Paryškinti" active={formats.bold} onClick={() => run("bold")}>
            <FormatBoldIcon fontSize="small" />
          </Tool>
          <Tool label="Kursyvas" active={formats.italic} onClick={() => run("italic")}>
            <FormatItalicIcon fontSize="small" />
          </Tool>
          <Divider orientation="vertical" flexItem />
          <Tool label="Sąrašas" active={formats.insertUnorderedList} onClick={() => run("insertUnorderedList")}>
            <FormatListBulletedIcon fontSize="small" />
          </Tool>
          <Tool label="Numeruotas sąrašas" active={formats.insertOrderedList} onClick={() => run("insertOrderedList")}>
            <FormatListNumberedIcon fontSize="small" />
          </Tool>
          <Divider orientation="vertical" flexItem />
          <Tool label="Įterpti nuorodą" onClick={addLink}>
            <LinkIcon fontSize="small" />
          </Tool>
          <Tool label="Pašalinti nuorodą" onClick={() => run("unlink")}>
            <LinkOffIcon fontSize="small" />
          </Tool>
          <Tool label="Išvalyti formatavimą" onClick={() => run("removeFormat")}>
            <FormatClearIcon fontSize="small" />
          </Tool>
        </Box>
        <Box
          ref={editor}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={helpId}
          aria-required={isRequired}
          aria-invalid={Boolean(error)}
          tabIndex={0}
          onInput={sync}
          onBlur={() => {
            sync();
            field.onBlur();
          }}
          onKeyUp={refreshState}
          onMouseUp={refreshState}
          onFocus={() => {
            // New lines become paragraphs, not <div>s.
            document.execCommand("defaultParagraphSeparator", false, "p");
            refreshState();
          }}
          onPaste={(event) => {
            // Pasted text keeps its words but not another page's styles.
            event.preventDefault();
            const html = event.clipboardData.getData("text/html");
            const text = event.clipboardData.getData("text/plain");
            if (html) document.execCommand("insertHTML", false, cleanEditorHtml(html));
            else document.execCommand("insertText", false, text);
            sync();
          }}
          sx={{
            minHeight,
            maxHeight: 560,
            overflowY: "auto",
            px: 2,
            py: 1,
            outline: "none",
            fontSize: 15,
            lineHeight: 1.55,
            "& h2": { fontSize: 22, fontWeight: 600, my: 1 },
            "& h3": { fontSize: 18, fontWeight: 600, my: 1 },
            "& p": { my: 1 },
            "& a": { color: "primary.main" },
          }}
        />
      </Box>
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error
          ? translate(error, { _: error })
          : "Antraštės, paryškinimas, sąrašai ir nuorodos. Kita išvaizda pašalinama išsaugant."}
      </FormHelperText>
    </Box>
  );
}
