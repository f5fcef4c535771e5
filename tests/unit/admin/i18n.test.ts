// Our Lithuanian react-admin messages: every English key translated, plurals in three forms,
// and polyglot picking the right form for Lithuanian numbers.
import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import { describe, expect, it } from "vitest";
import { createI18nProvider } from "../../../src/admin/i18n/i18nProvider";
import { lt } from "../../../src/admin/i18n/lt";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

function lookup(tree: Tree, path: string): unknown {
  let node: unknown = tree;
  for (const key of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Tree)[key];
  }
  return node;
}

const english = leaves(englishMessages as unknown as Tree);
const lithuanian = lt as unknown as Tree;

/**
 * English strings that are legitimately identical in Lithuanian:
 * - ra.page.list is only a placeholder ("%{name}"), the resource name itself is translated;
 * - ra.boolean.null is a single space (nothing to show for an empty yes/no value).
 */
const IDENTICAL_ALLOWED = new Set(["ra.page.list", "ra.boolean.null"]);

const PLURAL_SEPARATOR = " |||| ";

describe("lietuviški react-admin pranešimai", () => {
  it("ra-language-english yra mūsų išverstas 5.15 katalogas", () => {
    expect(english.length).toBeGreaterThanOrEqual(160);
  });

  it.each(english)("išverčia %s", (path) => {
    const value = lookup(lithuanian, path);
    expect(typeof value, `trūksta ${path}`).toBe("string");
    if (!IDENTICAL_ALLOWED.has(path)) expect((value as string).trim(), `${path} tuščias`).not.toBe("");
  });

  it("nieko nesako angliškai", () => {
    const untranslated = english
      .filter(([path, value]) => !IDENTICAL_ALLOWED.has(path) && lookup(lithuanian, path) === value)
      .map(([path]) => path);
    expect(untranslated).toEqual([]);
  });

  it("išlaiko kiekvieną angliško teksto žymenį, kur tekstui jo reikia", () => {
    const placeholders = (text: string) => new Set(text.match(/%\{\w+\}/g) ?? []);
    // These drop %{name} on purpose: a Lithuanian noun there would need a case the label cannot give.
    const mayDrop: Record<string, string[]> = {
      "ra.message.bulk_delete_content": ["%{name}"],
      "ra.message.bulk_delete_title": ["%{name}"],
      "ra.message.bulk_update_content": ["%{name}", "%{recordRepresentation}"],
      "ra.message.bulk_update_title": ["%{name}", "%{recordRepresentation}"],
      "ra.message.delete_content": ["%{name}"],
      "ra.message.delete_title": ["%{name}"],
      // ra-core passes `list` to this message, never `options`.
      "ra.validation.oneOf": ["%{options}"],
    };
    for (const [path, value] of english) {
      const ours = placeholders(lookup(lithuanian, path) as string);
      for (const token of placeholders(value)) {
        if (mayDrop[path]?.includes(token)) continue;
        expect(ours.has(token), `${path} prarado ${token}`).toBe(true);
      }
    }
  });

  it("kiekvienai angliškai daugiskaitai duoda tris lietuviškas formas, kiekvieną su skaičiumi, kur jį turi anglų tekstas", () => {
    const plurals = english.filter(([, value]) => value.includes("||||"));
    expect(plurals.length).toBeGreaterThanOrEqual(6);
    for (const [path] of plurals) {
      const forms = (lookup(lithuanian, path) as string).split(PLURAL_SEPARATOR);
      expect(forms, path).toHaveLength(3);
      for (const form of forms) expect(form.trim(), path).not.toBe("");
    }
  });

  it("kiekvienam resurso pavadinimui duoda tris formas", () => {
    for (const [resource, messages] of Object.entries(lt.resources)) {
      expect(messages.name.split(PLURAL_SEPARATOR), resource).toHaveLength(3);
    }
  });

  it("naudoja lietuviškas raides, ne panašius simbolius ar sugadintą koduotę", () => {
    for (const [path, value] of leaves(lithuanian)) {
      expect(value, path).not.toMatch(/Ã|Ä|Å|\uFFFD/);
    }
  });
});

describe("polyglot su lokale lt", () => {
  const i18n = createI18nProvider();

  it.each([
    [1, "Automobilis"],
    [2, "Automobiliai"],
    [9, "Automobiliai"],
    [10, "Automobilių"],
    [11, "Automobilių"],
    [21, "Automobilis"],
    [22, "Automobiliai"],
    [0, "Automobilių"],
  ])("automobilių kiekis %i: „%s“", (count, expected) => {
    expect(i18n.translate("resources.cars.name", { smart_count: count })).toBe(expected);
  });

  it.each([
    [1, "Pažymėtas 1 įrašas"],
    [2, "Pažymėti 2 įrašai"],
    [10, "Pažymėta 10 įrašų"],
    [21, "Pažymėtas 21 įrašas"],
    [112, "Pažymėta 112 įrašų"],
  ])("pažymėtų eilučių kiekis %i", (count, expected) => {
    expect(i18n.translate("ra.action.bulk_actions", { smart_count: count })).toBe(expected);
  });

  it.each([
    [1, "Ištrintas 1 įrašas"],
    [2, "Ištrinti 2 įrašai"],
    [10, "Ištrinta 10 įrašų"],
    [21, "Ištrintas 21 įrašas"],
  ])("pranešimas apie ištrintus įrašus: %i", (count, expected) => {
    expect(i18n.translate("ra.notification.deleted", { smart_count: count })).toBe(expected);
  });

  it("užpildo puslapio intervalą", () => {
    expect(i18n.translate("ra.navigation.page_range_info", { offsetBegin: 1, offsetEnd: 25, total: 319 })).toBe(
      "1–25 iš 319",
    );
  });

  it("lokalė yra lt, o anglų kalbos tiekėjas daugiskaitos taip nesudarytų", () => {
    expect(i18n.getLocale()).toBe("lt");
    const en = polyglotI18nProvider(() => ({ ...englishMessages, x: "a |||| b |||| c" }), "en");
    expect(en.translate("x", { smart_count: 21 })).toBe("b");
    const ours = polyglotI18nProvider(() => ({ ...lt, x: "a |||| b |||| c" }), "lt");
    expect(ours.translate("x", { smart_count: 21 })).toBe("a");
  });
});
