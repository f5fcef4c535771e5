// Staff-written texts (terms, about): stored HTML is shown as HTML, sanitised again here
// whichever backend stored it (the local server and the Firebase trigger sanitise on write;
// this is the second line, in the same pure function for the prerender and the browser);
// plain text is split into headings ("# ", "## "), lists ("- ") and paragraphs. In documents
// with sections (terms, privacy policy) a short line standing alone without closing
// punctuation ("3. Kaina ir mokėjimas") is a heading too, as staff type them.
import { type ReactNode, useMemo } from "react";
import { sanitizeRichTextForDisplay } from "../../domain/richTextRender";

const HTML_PATTERN = /<\/?(?:p|h[1-6]|ul|ol|li|strong|em|b|i|a|br|div|section|table)\b/i;

export function isHtml(text: string): boolean {
  return HTML_PATTERN.test(text);
}

type Block =
  | { kind: "h2"; text: string }
  | { kind: "h3"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "p"; lines: string[] };

/** A one-line paragraph that reads as a section title. */
const looksLikeHeading = (line: string) => line.length <= 80 && !/[.!?:;,…]$/.test(line);

export function textBlocks(text: string, options: { sectionTitles?: boolean } = {}): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const first = lines[0]!;
    if (lines.length === 1 && /^#{1,2}\s/.test(first)) {
      const heading = first.replace(/^#+\s*/, "");
      blocks.push(first.startsWith("## ") ? { kind: "h3", text: heading } : { kind: "h2", text: heading });
    } else if (options.sectionTitles && lines.length === 1 && looksLikeHeading(first)) {
      blocks.push({ kind: "h2", text: first });
    } else if (lines.every((line) => /^[-•*]\s/.test(line))) {
      blocks.push({ kind: "ul", items: lines.map((line) => line.replace(/^[-•*]\s*/, "")) });
    } else {
      blocks.push({ kind: "p", lines });
    }
  }
  return blocks;
}

function SafeHtml({ html, className }: { html: string; className: string }) {
  const clean = useMemo(() => sanitizeRichTextForDisplay(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: staff-authored HTML, sanitised on save and again just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export default function RichText({
  text,
  className = "prose",
  sectionTitles = false,
}: {
  text: string;
  className?: string;
  /** plain text: lone short lines are section headings (terms, privacy policy) */
  sectionTitles?: boolean;
}) {
  if (isHtml(text)) return <SafeHtml html={text} className={className} />;
  return (
    <div className={className}>
      {textBlocks(text, { sectionTitles }).map((block, index): ReactNode => {
        const key = `${block.kind}-${index}`;
        if (block.kind === "h2") return <h2 key={key}>{block.text}</h2>;
        if (block.kind === "h3") return <h3 key={key}>{block.text}</h3>;
        if (block.kind === "ul") {
          return (
            <ul key={key}>
              {block.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                <li key={i}>{item}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={key} className="pre-line">
            {block.lines.join("\n")}
          </p>
        );
      })}
    </div>
  );
}
