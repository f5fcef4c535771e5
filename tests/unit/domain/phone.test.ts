import { describe, expect, it } from "vitest";
import {
  countryFromLanguage,
  IP_COUNTRY_SERVICE_URL,
  isValidPhone,
  normalizePhone,
  PHONE_ALLOWED_CHARS,
  PHONE_COUNTRIES,
  PHONE_MAX_LENGTH,
  parseIpCountryAnswer,
  phoneCountry,
  phoneError,
} from "../../../src/domain/phone";

describe("tinkami numeriai ir E.164", () => {
  it.each([
    ["+370 612 34567", "+37061234567"],
    ["+370 6xx xxxxx".replace("xx xxxxx", "98 76543"), "+37069876543"],
    ["+37061234567", "+37061234567"],
    ["8 612 34567", "+37061234567"],
    ["861234567", "+37061234567"],
    ["8 (612) 34567", "+37061234567"],
    ["8-612-34567", "+37061234567"],
    ["00370 612 34567", "+37061234567"],
    ["  +370 612 34567  ", "+37061234567"],
    ["8 5 212 3456", "+37052123456"],
    ["+370 5 212 3456", "+37052123456"],
    ["+371 2012 3456", "+37120123456"],
    ["+48 512 345 678", "+48512345678"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("%s tinkamas ir saugomas kaip %s", (input, e164) => {
    expect(isValidPhone(input)).toBe(true);
    expect(phoneError(input)).toBeNull();
    expect(normalizePhone(input)).toBe(e164);
    expect(normalizePhone(input)).toMatch(/^\+[1-9]\d{6,14}$/);
  });

  it("nacionalinį numerį perskaito pagal pasirinktą šalį", () => {
    expect(normalizePhone("2012 3456", "LV")).toBe("+37120123456");
    expect(phoneCountry("2012 3456", "LV")).toBe("LV");
    expect(phoneCountry("+370 612 34567")).toBe("LT");
    expect(isValidPhone("030 123456", "DE")).toBe(true);
    expect(normalizePhone("030 123456", "de")).toBe("+4930123456");
  });
});

describe("netinkami numeriai", () => {
  it("atmeta kitus simbolius, išskyrus skaitmenis, tarpus ir + - ( )", () => {
    for (const input of ["+370 612 345a7", "+370.612.34567", "+370/612 34567", "8 612 34567 ext 2", "+370\t61234567"]) {
      expect(phoneError(input)).toBe("Telefono numeryje gali būti tik skaitmenys, tarpai ir + - ( )");
      expect(isValidPhone(input)).toBe(false);
      expect(normalizePhone(input)).toBeNull();
    }
    expect(PHONE_ALLOWED_CHARS.test("+370 (612) 345-67")).toBe(true);
  });

  it("atmeta ilgesnį nei 25 simbolių numerį", () => {
    expect(PHONE_MAX_LENGTH).toBe(25);
    const tooLong = "+370 (6) 1 2 3 4 5 - 6 - 7"; // a valid number, but 26 characters
    expect(tooLong.length).toBe(26);
    expect(phoneError(tooLong)).toBe("Telefono numeris per ilgas (ne daugiau kaip 25 simbolių)");
    expect(isValidPhone(tooLong)).toBe(false);
    expect(normalizePhone(tooLong)).toBeNull();
    const longest = "+370 (6) 1 2 3 4 5 - 6  7";
    expect(longest.length).toBe(25);
    expect(isValidPhone(longest)).toBe(true);
    // The limit is the input field's: what was typed counts, as in the schema.
    expect(phoneError(` ${longest}`)).toBe("Telefono numeris per ilgas (ne daugiau kaip 25 simbolių)");
  });

  it("atmeta šaliai netinkamo ilgio ar formato numerius", () => {
    const message = "Neteisingas telefono numeris šiai šaliai";
    expect(phoneError("+370 612 3456")).toBe(message); // one digit short
    expect(phoneError("+370 612 345678")).toBe(message); // one digit long
    expect(phoneError("86123456")).toBe(message);
    expect(phoneError("+370 012 34567")).toBe(message); // no such LT range
    expect(phoneError("12345")).toBe(message);
    expect(phoneError("+")).toBe(message);
    expect(phoneError("370+61234567")).toBe(message);
    expect(phoneError("861234567", "LV")).toBe(message); // an LT national number is not Latvian
  });

  it("kai laukas tuščias, prašo įvesti numerį", () => {
    expect(phoneError("")).toBe("Įveskite telefono numerį");
    expect(phoneError("   ")).toBe("Įveskite telefono numerį");
    expect(isValidPhone("")).toBe(false);
    expect(normalizePhone("")).toBeNull();
  });

  it("be žinomos numatytosios šalies tinka tik tarptautiniai numeriai", () => {
    expect(isValidPhone("861234567", null)).toBe(false);
    expect(isValidPhone("+37061234567", null)).toBe(true);
    expect(isValidPhone("861234567", "ZZ")).toBe(false);
  });
});

describe("šalies nustatymas", () => {
  it("perskaito ip2c.org atsakymą", () => {
    expect(IP_COUNTRY_SERVICE_URL).toBe("https://ip2c.org/s");
    expect(parseIpCountryAnswer("1;LT;LTU;Lithuania")).toBe("LT");
    expect(parseIpCountryAnswer("1;GB;GBR;United Kingdom")).toBe("GB");
    expect(parseIpCountryAnswer("0;;;WRONG INPUT")).toBeNull();
    expect(parseIpCountryAnswer("2;;;UNKNOWN")).toBeNull();
    expect(parseIpCountryAnswer("")).toBeNull();
    expect(parseIpCountryAnswer("1;lt;LTU;Lithuania")).toBeNull();
    expect(parseIpCountryAnswer("1;")).toBeNull();
    expect(parseIpCountryAnswer("<html>")).toBeNull();
  });

  it("šalį nustato pagal naršyklės kalbą", () => {
    expect(countryFromLanguage("lt-LT")).toBe("LT");
    expect(countryFromLanguage("en-GB")).toBe("GB");
    expect(countryFromLanguage("en_us")).toBe("US");
    expect(countryFromLanguage("sr-Latn-RS")).toBe("RS");
    expect(countryFromLanguage("lt")).toBe("LT");
    expect(countryFromLanguage("lv")).toBe("LV");
    expect(countryFromLanguage("et")).toBe("EE");
    expect(countryFromLanguage("de")).toBeNull();
    expect(countryFromLanguage("en")).toBeNull();
    expect(countryFromLanguage("")).toBeNull();
    expect(countryFromLanguage("en-419")).toBeNull();
  });
});

describe("PHONE_COUNTRIES", () => {
  it("pirmiausia artimiausio regiono šalys, toliau – lietuviška abėcėlės tvarka", () => {
    expect(PHONE_COUNTRIES.slice(0, 6).map((c) => c.code)).toEqual(["LT", "LV", "EE", "PL", "DE", "GB"]);
    expect(PHONE_COUNTRIES[0]).toEqual({ code: "LT", name: "Lietuva", dialCode: "+370" });
    expect(PHONE_COUNTRIES.find((c) => c.code === "LV")).toEqual({ code: "LV", name: "Latvija", dialCode: "+371" });
    const rest = PHONE_COUNTRIES.slice(6).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator("lt").compare));
    expect(PHONE_COUNTRIES.length).toBeGreaterThan(200);
    expect(new Set(PHONE_COUNTRIES.map((c) => c.code)).size).toBe(PHONE_COUNTRIES.length);
    for (const c of PHONE_COUNTRIES) expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
  });
});
