// @vitest-environment jsdom
// Stored HTML is sanitised again when it is shown, whichever adapter stored it: the site's
// RichText (prerendered in Node and hydrated in the browser to the same markup) and the admin
// editor, which puts the stored HTML into a live contentEditable element.
import { render, waitFor } from "@testing-library/react";
import { AdminContext, Form } from "react-admin";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichTextInput } from "../../../src/admin/common/RichTextInput";
import RichText from "../../../src/site/components/RichText";

const STORED =
  '<h2>Sąlygos</h2><p>Sveiki<script>window.__xss = 1</script><img src=x onerror="window.__xss = 1"> ' +
  '<a href="javascript:window.__xss = 1">čia</a> <a href="https://ratunuoma.lt">svetainė</a></p>';
const SHOWN = '<h2>Sąlygos</h2><p>Sveiki <a>čia</a> <a href="https://ratunuoma.lt">svetainė</a></p>';
const EDITOR_SHOWN = '<h2>Sąlygos</h2><p>Sveiki čia <a href="https://ratunuoma.lt">svetainė</a></p>';

describe("formatuoto teksto rodymas", () => {
  it("svetainė rodo tik išvalytą HTML, tą patį serveryje ir naršyklėje", () => {
    const prerendered = renderToString(<RichText text={STORED} />);
    expect(prerendered).toBe(`<div class="prose">${SHOWN}</div>`);
    const { container } = render(<RichText text={STORED} />);
    expect(container.innerHTML).toBe(prerendered);
    expect(container.querySelector("img, script")).toBeNull();
  });

  it("paprastas tekstas lieka tekstu, žymės jame nerodomos kaip HTML", () => {
    const { container } = render(<RichText text={"Kaina < 100 €\n\n<img src=x onerror=alert(1)>"} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it("administravimo redaktorius į puslapį įdeda tik išvalytą HTML", { timeout: 30_000 }, async () => {
    const { container } = render(
      <AdminContext>
        <Form record={{ id: "n1", body: STORED }}>
          <RichTextInput source="body" label="Tekstas" />
        </Form>
      </AdminContext>,
    );
    // The editor (Tiptap) loads on its own chunk; it shows the sanitised HTML as its schema reads
    // it: the link without an address is plain text there.
    const editor = await waitFor(
      () => {
        const found = container.querySelector('[role="textbox"]');
        expect(found?.innerHTML).toContain("Sąlygos");
        return found as HTMLElement;
      },
      { timeout: 15_000 },
    );
    expect(editor.innerHTML).toBe(EDITOR_SHOWN);
    expect(container.querySelector("img, script")).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});
