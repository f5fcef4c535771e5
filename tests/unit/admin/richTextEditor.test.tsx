// @vitest-environment jsdom
// The news and offers editor (ra-input-rich-text, Tiptap) keeps only the tags the sanitiser keeps,
// pasted or typed, before the form sends the HTML (the server sanitises again); its toolbar
// offers only those and speaks Lithuanian.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Editor } from "@tiptap/react";
import { AdminContext, Form } from "react-admin";
import { afterEach, describe, expect, it } from "vitest";
import { sanitizeRichText } from "../../../server/services/richText";
import { RichTextInput } from "../../../src/admin/common/RichTextInput";
import { createI18nProvider } from "../../../src/admin/i18n/i18nProvider";

// ProseMirror scrolls the selection into view; jsdom lays nothing out.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();
document.elementFromPoint = () => null;

afterEach(cleanup);

/** ProseMirror's own paste path (transformPastedHTML, the schema's parse rules); jsdom has no ClipboardEvent. */
const paste = (editor: Editor, html: string) => editor.view.pasteHTML(html, new Event("paste") as ClipboardEvent);

async function renderEditor(body = "") {
  const saved: Record<string, unknown>[] = [];
  const view = render(
    <AdminContext i18nProvider={createI18nProvider()}>
      <Form record={{ id: "n1", body }} onSubmit={(values: Record<string, unknown>) => void saved.push(values)}>
        <RichTextInput source="body" label="Tekstas" />
        <button type="submit">Išsaugoti</button>
      </Form>
    </AdminContext>,
  );
  const element = await waitFor(
    () => {
      const found = view.container.querySelector<HTMLElement & { editor?: Editor }>(".ProseMirror");
      expect(found?.editor).toBeDefined();
      return found as HTMLElement & { editor: Editor };
    },
    { timeout: 15_000 },
  );
  const save = async (): Promise<unknown> => {
    const before = saved.length;
    fireEvent.click(screen.getByRole("button", { name: "Išsaugoti" }));
    await waitFor(() => expect(saved.length).toBe(before + 1));
    return saved.at(-1)?.body;
  };
  return { view, element, editor: element.editor, save };
}

// The editor is loaded on its own chunk: the first render waits for it.
describe("formatuoto teksto redaktoriaus HTML", { timeout: 30_000 }, () => {
  it("palieka pastraipas, antraštes, paryškinimus, sąrašus ir saugias nuorodas", async () => {
    const { editor, save } = await renderEditor();
    const html =
      '<h2>Antraštė</h2><p>Tekstas su <b>paryškinimu</b> ir <i>kursyvu</i>, <a href="https://ratunuoma.lt">nuoroda</a>.</p><ul><li>vienas</li></ul>';
    paste(editor, html);
    expect(await save()).toBe(
      '<h2>Antraštė</h2><p>Tekstas su <strong>paryškinimu</strong> ir <em>kursyvu</em>, <a href="https://ratunuoma.lt">nuoroda</a>.</p><ul><li>vienas</li></ul>',
    );
  });

  it("pašalina skriptus, stilius, atributus ir nesaugias nuorodas, palikdamas žodžius", async () => {
    const { editor, element, save } = await renderEditor();
    const html =
      '<div style="color:red" onclick="x()">Sveiki<script>alert(1)</script> <span class="a">visi</span> <a href="javascript:alert(1)">čia</a></div><p><br></p>' +
      '<img src=x onerror="window.__xss = 1"><pre><code>kodas</code></pre><h1>Didelė</h1><h4>Maža</h4><hr>';
    paste(editor, html);
    expect(element.querySelector("script, img, code, pre, hr, h1, [style], [onclick]")).toBeNull();
    const body = await save();
    expect(body).toBe("<p>Sveiki visi čia</p><p></p><p>kodas</p><h2>Didelė</h2><h4>Maža</h4>");
    // The server's sanitiser, with the same policy, keeps it as it is but for the empty paragraph.
    expect(sanitizeRichText(body as string)).toBe("<p>Sveiki visi čia</p><p>kodas</p><h2>Didelė</h2><h4>Maža</h4>");
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it("tuščias redaktorius išsaugo tuščią tekstą", async () => {
    const { editor, save } = await renderEditor("<p>Buvo</p>");
    editor.commands.clearContent(true);
    expect(await save()).toBe("");
  });
});

describe("formatuoto teksto redaktoriaus įrankių juosta", { timeout: 30_000 }, () => {
  it("turi tik politikos leidžiamus mygtukus su lietuviškais pavadinimais", async () => {
    const { view } = await renderEditor();
    const toolbar = view.container.querySelector(".RaRichTextInputToolbar-root") as HTMLElement;
    const labels = within(toolbar)
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(labels).toEqual([
      "Paragrafas",
      "Antraštė",
      "Paantraštė",
      "Paryškinti",
      "Kursyvas",
      "Pabraukti",
      "Perbraukti",
      "Sąrašas",
      "Numeruotas sąrašas",
      "Citata",
      "Įterpti nuorodą",
      "Pašalinti nuorodą",
      "Išvalyti formatavimą",
    ]);
    for (const button of within(toolbar).getAllByRole("button")) {
      expect(button.getAttribute("title")).toBe(button.getAttribute("aria-label"));
    }
  });

  it("mygtukai keičia lauko tekstą: paryškinimas, antraštė, sąrašas, nuoroda", async () => {
    const { editor, save } = await renderEditor("<p>Sveiki</p><p>Vilnius</p>");
    const button = (name: string) => screen.getByRole("button", { name });
    editor.commands.setTextSelection({ from: 1, to: 7 });
    fireEvent.click(button("Paryškinti"));
    fireEvent.click(button("Antraštė"));
    editor.commands.setTextSelection(12);
    fireEvent.click(button("Sąrašas"));
    expect(await save()).toBe("<h2><strong>Sveiki</strong></h2><ul><li>Vilnius</li></ul>");

    editor.commands.setTextSelection({ from: 1, to: 7 });
    fireEvent.click(button("Paryškinti"));
    fireEvent.click(button("Paragrafas"));
    editor.commands.setTextSelection({ from: 11, to: 18 });
    window.prompt = () => "javascript:alert(1)";
    const alerts: string[] = [];
    window.alert = (message?: string) => void alerts.push(String(message));
    fireEvent.click(button("Įterpti nuorodą"));
    expect(alerts).toEqual(["Nuoroda turi prasidėti https://, http://, mailto: arba tel:"]);
    window.prompt = () => " https://ratunuoma.lt ";
    fireEvent.click(button("Įterpti nuorodą"));
    expect(await save()).toBe('<p>Sveiki</p><ul><li><a href="https://ratunuoma.lt">Vilnius</a></li></ul>');
    // The cursor is after the link: what is typed next follows it, outside the link.
    expect(editor.state.selection.empty).toBe(true);
    expect(editor.state.selection.from).toBe(18);
    editor.view.dispatch(editor.state.tr.insertText(" mieste")); // as typing does
    expect(await save()).toBe('<p>Sveiki</p><ul><li><a href="https://ratunuoma.lt">Vilnius</a> mieste</li></ul>');

    editor.commands.setTextSelection(13);
    await waitFor(() => expect((button("Pašalinti nuorodą") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button("Pašalinti nuorodą"));
    expect(await save()).toBe("<p>Sveiki</p><ul><li>Vilnius mieste</li></ul>");
  });
});
