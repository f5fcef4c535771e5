// @vitest-environment jsdom
// The editor keeps only its own tags before the form sends the HTML (the server sanitises again).
import { describe, expect, it } from "vitest";
import { cleanEditorHtml } from "../../../src/admin/common/RichTextInput";

describe("formatuoto teksto redaktoriaus HTML", () => {
  it("palieka pastraipas, antraštes, paryškinimus, sąrašus ir saugias nuorodas", () => {
    const html =
      '<h2>Antraštė</h2><p>Tekstas su <b>paryškinimu</b> ir <i>kursyvu</i>, <a href="https://ratunuoma.lt">nuoroda</a>.</p><ul><li>vienas</li></ul>';
    expect(cleanEditorHtml(html)).toBe(
      '<h2>Antraštė</h2><p>Tekstas su <strong>paryškinimu</strong> ir <em>kursyvu</em>, <a href="https://ratunuoma.lt">nuoroda</a>.</p><ul><li>vienas</li></ul>',
    );
  });

  it("pašalina skriptus, stilius, atributus ir nesaugias nuorodas, palikdamas žodžius", () => {
    const html =
      '<div style="color:red" onclick="x()">Sveiki<script>alert(1)</script> <span class="a">visi</span> <a href="javascript:alert(1)">čia</a></div><p><br></p>';
    expect(cleanEditorHtml(html)).toBe("<p>Sveiki visi <a>čia</a></p>");
  });
});
