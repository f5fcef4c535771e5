// Our own Lithuanian messages for react-admin 5.15. Plural forms follow polyglot's
// "lithuanian" rule: "one |||| few |||| many" (1, 21 | 2–9, 22 | 0, 10–20, 30).
import type { TranslationMessages } from "react-admin";

/**
 * Every key of ra-core's message interface, required, without the index signatures,
 * so a missing key is a compile error. The unit test walks ra-language-english too.
 */
type RequiredMessages<T> = {
  [K in keyof T as string extends K ? never : K]-?: NonNullable<T[K]> extends string
    ? string
    : RequiredMessages<NonNullable<T[K]>>;
};
export type RaMessages = RequiredMessages<TranslationMessages["ra"]>;

type FieldLabels = Record<string, string>;
interface ResourceMessages {
  /** three plural forms */
  name: string;
  fields: FieldLabels;
  [key: string]: string | FieldLabels | Record<string, string>;
}

export interface AdminMessages extends TranslationMessages {
  ra: RaMessages & TranslationMessages["ra"];
  resources: Record<string, ResourceMessages>;
}

const ra: RaMessages = {
  action: {
    add_filter: "Pridėti filtrą",
    add: "Pridėti",
    back: "Grįžti",
    bulk_actions:
      "Pažymėtas %{smart_count} įrašas |||| Pažymėti %{smart_count} įrašai |||| Pažymėta %{smart_count} įrašų",
    cancel: "Atšaukti",
    clear_array_input: "Išvalyti sąrašą",
    clear_input_value: "Išvalyti reikšmę",
    clone: "Kopijuoti",
    confirm: "Patvirtinti",
    create: "Sukurti",
    create_item: "Sukurti „%{item}“",
    delete: "Ištrinti",
    edit: "Redaguoti",
    export: "Eksportuoti",
    list: "Sąrašas",
    refresh: "Įkelti iš naujo",
    remove_filter: "Pašalinti šį filtrą",
    remove_all_filters: "Pašalinti visus filtrus",
    remove: "Pašalinti",
    reset: "Atkurti",
    save: "Išsaugoti",
    search: "Ieškoti",
    search_columns: "Ieškoti stulpelių",
    select_all: "Pažymėti visus",
    select_all_button: "Pažymėti visus",
    select_row: "Pažymėti šią eilutę",
    show: "Peržiūrėti",
    sort: "Rikiuoti",
    undo: "Anuliuoti",
    unselect: "Atžymėti",
    expand: "Išskleisti",
    close: "Uždaryti",
    open_menu: "Atidaryti meniu",
    close_menu: "Uždaryti meniu",
    update: "Atnaujinti",
    move_up: "Perkelti aukštyn",
    move_down: "Perkelti žemyn",
    open: "Atidaryti",
    toggle_theme: "Perjungti šviesų ar tamsų režimą",
    select_columns: "Stulpeliai",
    update_application: "Įkelti naują versiją",
  },
  boolean: {
    true: "Taip",
    false: "Ne",
    null: " ",
  },
  page: {
    create: "%{name}: naujas įrašas",
    dashboard: "Suvestinė",
    edit: "%{name}: %{recordRepresentation}",
    error: "Įvyko klaida",
    list: "%{name}",
    loading: "Įkeliama",
    not_found: "Puslapis nerastas",
    show: "%{name}: %{recordRepresentation}",
    empty: "%{name} dar nėra.",
    invite: "Ar norite sukurti naują įrašą?",
    access_denied: "Prieiga draudžiama",
    authentication_error: "Prisijungimo klaida",
  },
  input: {
    file: {
      upload_several: "Nutempkite failus čia arba spustelėkite ir pasirinkite.",
      upload_single: "Nutempkite failą čia arba spustelėkite ir pasirinkite.",
    },
    image: {
      upload_several: "Nutempkite nuotraukas čia arba spustelėkite ir pasirinkite.",
      upload_single: "Nutempkite nuotrauką čia arba spustelėkite ir pasirinkite.",
    },
    references: {
      all_missing: "Nepavyko rasti susijusių duomenų.",
      many_missing: "Bent vieno susijusio įrašo nebėra.",
      single_missing: "Susijusio įrašo nebėra.",
    },
    password: {
      toggle_visible: "Slėpti slaptažodį",
      toggle_hidden: "Rodyti slaptažodį",
    },
  },
  message: {
    about: "Apie",
    access_denied: "Neturite teisių atverti šio puslapio.",
    are_you_sure: "Ar tikrai?",
    authentication_error: "Prisijungimo serveris grąžino klaidą, todėl nepavyko patikrinti Jūsų duomenų.",
    auth_error: "Tikrinant prisijungimo raktą įvyko klaida.",
    bulk_delete_content:
      "Ar tikrai norite ištrinti %{smart_count} įrašą? |||| Ar tikrai norite ištrinti %{smart_count} įrašus? |||| Ar tikrai norite ištrinti %{smart_count} įrašų?",
    bulk_delete_title:
      "Ištrinti %{smart_count} įrašą |||| Ištrinti %{smart_count} įrašus |||| Ištrinti %{smart_count} įrašų",
    bulk_update_content:
      "Ar tikrai norite atnaujinti %{smart_count} įrašą? |||| Ar tikrai norite atnaujinti %{smart_count} įrašus? |||| Ar tikrai norite atnaujinti %{smart_count} įrašų?",
    bulk_update_title:
      "Atnaujinti %{smart_count} įrašą |||| Atnaujinti %{smart_count} įrašus |||| Atnaujinti %{smart_count} įrašų",
    clear_array_input: "Ar tikrai norite išvalyti visą sąrašą?",
    delete_content: "Ar tikrai norite ištrinti šį įrašą?",
    delete_title: "Ištrinti įrašą „%{recordRepresentation}“",
    details: "Išsami informacija",
    error: "Naršyklėje įvyko klaida, veiksmo atlikti nepavyko.",
    invalid_form: "Formoje yra klaidų. Patikrinkite pažymėtus laukus.",
    loading: "Palaukite",
    no: "Ne",
    not_found: "Adresas neteisingas arba nuoroda pasenusi.",
    select_all_limit_reached: "Įrašų per daug, kad būtų galima pažymėti visus. Pažymėti tik pirmieji %{max}.",
    unsaved_changes: "Kai kurie pakeitimai neišsaugoti. Ar tikrai norite juos atmesti?",
    yes: "Taip",
    placeholder_data_warning: "Ryšio sutrikimas: nepavyko atnaujinti duomenų.",
  },
  navigation: {
    clear_filters: "Išvalyti filtrus",
    no_filtered_results: "%{name} pagal pasirinktus filtrus nerasta.",
    no_results: "%{name} nerasta.",
    no_more_results: "Puslapio %{page} nėra. Grįžkite į ankstesnį puslapį.",
    page_out_of_boundaries: "Puslapio %{page} nėra",
    page_out_from_end: "Tai paskutinis puslapis",
    page_out_from_begin: "Tai pirmasis puslapis",
    page_range_info: "%{offsetBegin}–%{offsetEnd} iš %{total}",
    partial_page_range_info: "%{offsetBegin}–%{offsetEnd} iš daugiau nei %{offsetEnd}",
    current_page: "%{page} puslapis",
    page: "Eiti į %{page} puslapį",
    first: "Eiti į pirmąjį puslapį",
    last: "Eiti į paskutinį puslapį",
    next: "Eiti į kitą puslapį",
    previous: "Eiti į ankstesnį puslapį",
    page_rows_per_page: "Eilučių puslapyje:",
    skip_nav: "Pereiti prie turinio",
  },
  sort: {
    // "pagal" would need the accusative, which a label cannot give: use a colon instead.
    sort_by: "Rikiuoti: %{field_lower_first}, %{order}",
    ASC: "didėjančiai",
    DESC: "mažėjančiai",
  },
  auth: {
    auth_check_error: "Prisijunkite, kad galėtumėte tęsti",
    user_menu: "Profilis",
    username: "Naudotojo vardas",
    password: "Slaptažodis",
    email: "El. paštas",
    sign_in: "Prisijungti",
    sign_in_error: "Prisijungti nepavyko, bandykite dar kartą",
    logout: "Atsijungti",
  },
  notification: {
    updated:
      "Atnaujintas %{smart_count} įrašas |||| Atnaujinti %{smart_count} įrašai |||| Atnaujinta %{smart_count} įrašų",
    created: "Įrašas sukurtas",
    deleted: "Ištrintas %{smart_count} įrašas |||| Ištrinti %{smart_count} įrašai |||| Ištrinta %{smart_count} įrašų",
    bad_item: "Neteisingas įrašas",
    item_doesnt_exist: "Tokio įrašo nėra",
    http_error: "Ryšio su serveriu klaida",
    data_provider_error: "Duomenų tiekėjo klaida. Išsamiau – naršyklės konsolėje.",
    i18n_error: "Nepavyko įkelti pasirinktos kalbos vertimų",
    canceled: "Veiksmas atšauktas",
    logged_out: "Jūsų sesija baigėsi, prisijunkite iš naujo.",
    not_authorized: "Neturite teisių šiems duomenims.",
    application_update_available: "Yra nauja programos versija.",
    offline: "Nėra ryšio. Nepavyko gauti duomenų.",
  },
  validation: {
    required: "Laukas privalomas",
    // react-admin passes no smart_count here, so the unit is abbreviated to dodge the plural.
    minLength: "Mažiausias leistinas ilgis: %{min} simb.",
    maxLength: "Didžiausias leistinas ilgis: %{max} simb.",
    minValue: "Turi būti ne mažiau kaip %{min}",
    maxValue: "Turi būti ne daugiau kaip %{max}",
    number: "Turi būti skaičius",
    email: "Neteisingas el. pašto adresas",
    // ra-core's choices() passes `list`; ra-language-english's %{options} is never filled.
    oneOf: "Turi būti viena iš reikšmių: %{list}",
    regex: "Turi atitikti formatą (reguliarioji išraiška): %{pattern}",
    unique: "Reikšmė turi būti unikali",
  },
  saved_queries: {
    label: "Išsaugoti filtrai",
    query_name: "Filtro pavadinimas",
    new_label: "Išsaugoti dabartinį filtrą…",
    new_dialog_title: "Išsaugoti dabartinį filtrą kaip",
    remove_label: "Pašalinti išsaugotą filtrą",
    remove_label_with_name: "Pašalinti filtrą „%{name}“",
    remove_dialog_title: "Pašalinti išsaugotą filtrą?",
    remove_message: "Ar tikrai norite pašalinti šį filtrą iš išsaugotųjų sąrašo?",
    help: "Išfiltruokite sąrašą ir išsaugokite filtrą vėlesniam naudojimui",
  },
  guesser: {
    empty: {
      title: "Nėra rodomų duomenų",
      message: "Patikrinkite duomenų tiekėją",
    },
  },
  configurable: {
    customize: "Tinkinti",
    configureMode: "Tinkinti šį puslapį",
    inspector: {
      title: "Tinkinimas",
      content: "Užveskite žymeklį ant programos elementų, kad juos sukonfigūruotumėte",
      reset: "Atkurti numatytuosius nustatymus",
      hideAll: "Slėpti visus",
      showAll: "Rodyti visus",
    },
    Datagrid: {
      title: "Lentelė",
      unlabeled: "Stulpelis be pavadinimo Nr. %{column}",
    },
    SimpleForm: {
      title: "Forma",
      unlabeled: "Laukas be pavadinimo Nr. %{input}",
    },
    SimpleList: {
      title: "Sąrašas",
      primaryText: "Pagrindinis tekstas",
      secondaryText: "Antrinis tekstas",
      tertiaryText: "Trečiasis tekstas",
    },
  },
};

const audit = { id: "ID", createdAt: "Sukurta", updatedAt: "Atnaujinta" };

const resources: Record<string, ResourceMessages> = {
  cars: {
    name: "Automobilis |||| Automobiliai |||| Automobilių",
    fields: {
      ...audit,
      q: "Paieška",
      slug: "Adresas nuorodoje",
      make: "Markė",
      model: "Modelis",
      year: "Pagaminimo metai",
      category: "Klasė",
      transmission: "Pavarų dėžė",
      fuel: "Degalų tipas",
      seats: "Sėdimos vietos",
      doors: "Durys",
      bags: "Bagažas",
      airConditioning: "Kondicionierius",
      features: "Įranga ir ypatybės",
      description: "Aprašymas",
      images: "Nuotraukos",
      status: "Būsena",
      sortOrder: "Eilės tvarka",
      minDriverAge: "Mažiausias vairuotojo amžius",
      minLicenceYears: "Mažiausias vairavimo stažas, metais",
      deposit: "Užstatas, €",
      mileageLimitPerDay: "Ridos limitas per parą, km",
      longTermMonthlyPrice: "Ilgalaikės nuomos kaina per mėnesį, €",
      priceFrom: "Kaina nuo, € parai",
      thumbnail: "Nuotrauka",
    },
  },
  fleet: {
    name: "Autoparko įrašas |||| Autoparko įrašai |||| Autoparko įrašų",
    fields: {
      ...audit,
      carId: "Automobilis",
      plateNumber: "Valstybinis numeris",
      vin: "VIN kodas",
      mileage: "Rida, km",
      insuranceValidTo: "Draudimas galioja iki",
      inspectionValidTo: "Techninė apžiūra galioja iki",
      notes: "Vidinės pastabos",
    },
  },
  prices: {
    name: "Kaina |||| Kainos |||| Kainų",
    fields: {
      ...audit,
      carId: "Automobilis",
      category: "Klasė",
      season: "Sezonas",
      tiers: "Kainų pakopos",
      dailyRateFrom: "Kaina parai nuo",
    },
  },
  offers: {
    name: "Akcija |||| Akcijos |||| Akcijų",
    fields: {
      ...audit,
      q: "Paieška",
      title: "Pavadinimas",
      slug: "Adresas nuorodoje",
      body: "Tekstas",
      image: "Paveikslėlis",
      discount: "Nuolaida",
      validFrom: "Galioja nuo",
      validTo: "Galioja iki",
      carIds: "Automobiliai",
      minDays: "Mažiausiai parų",
      active: "Aktyvi",
      sortOrder: "Eilės tvarka",
    },
  },
  news: {
    name: "Naujiena |||| Naujienos |||| Naujienų",
    fields: {
      ...audit,
      q: "Paieška",
      title: "Antraštė",
      slug: "Adresas nuorodoje",
      excerpt: "Santrauka",
      body: "Tekstas",
      image: "Paveikslėlis",
      publishedAt: "Paskelbta",
      status: "Būsena",
    },
  },
  customers: {
    name: "Klientas |||| Klientai |||| Klientų",
    fields: {
      ...audit,
      q: "Paieška",
      type: "Kliento tipas",
      fullName: "Vardas ir pavardė",
      firstName: "Vardas",
      lastName: "Pavardė",
      companyName: "Įmonės pavadinimas",
      companyCode: "Įmonės kodas",
      vatCode: "PVM mokėtojo kodas",
      email: "El. paštas",
      phone: "Telefono numeris",
      birthDate: "Gimimo data",
      licenceNumber: "Vairuotojo pažymėjimo Nr.",
      licenceIssuedAt: "Pažymėjimo išdavimo data",
      personalCode: "Asmens kodas",
      idDocumentNumber: "Asmens dokumento Nr.",
      address: "Adresas",
      notes: "Pastabos",
      consentAt: "Sutikimo laikas",
    },
  },
  requests: {
    name: "Užklausa |||| Užklausos |||| Užklausų",
    fields: {
      ...audit,
      q: "Paieška",
      type: "Tipas",
      name: "Vardas",
      email: "El. paštas",
      phone: "Telefono numeris",
      message: "Žinutė",
      carId: "Automobilis",
      pickupAt: "Paėmimo laikas",
      returnAt: "Grąžinimo laikas",
      company: "Įmonė",
      status: "Būsena",
      replies: "Atsakymai",
    },
  },
  reservations: {
    name: "Rezervacija |||| Rezervacijos |||| Rezervacijų",
    fields: {
      ...audit,
      q: "Paieška",
      number: "Numeris",
      carId: "Automobilis",
      customerId: "Klientas",
      pickupAt: "Paėmimo laikas",
      returnAt: "Grąžinimo laikas",
      pickupLocationId: "Paėmimo vieta",
      returnLocationId: "Grąžinimo vieta",
      extras: "Papildomos paslaugos",
      quote: "Kaina",
      total: "Iš viso su PVM",
      status: "Būsena",
      source: "Šaltinis",
      comment: "Kliento komentaras",
      notes: "Vidinės pastabos",
      contract: "Sutartis",
    },
  },
  locations: {
    name: "Vieta |||| Vietos |||| Vietų",
    fields: {
      ...audit,
      name: "Pavadinimas",
      address: "Adresas",
      city: "Miestas",
      deliveryFee: "Pristatymo mokestis, €",
      airport: "Oro uostas",
      hours: "Darbo laikas",
      active: "Aktyvi",
      sortOrder: "Eilės tvarka",
    },
  },
  extras: {
    name: "Papildoma paslauga |||| Papildomos paslaugos |||| Papildomų paslaugų",
    fields: {
      ...audit,
      name: "Pavadinimas",
      description: "Aprašymas",
      price: "Kaina, €",
      chargedPer: "Apmokestinama",
      maxPrice: "Didžiausia kaina už nuomą, €",
      maxQuantity: "Didžiausias kiekis",
      active: "Aktyvi",
      sortOrder: "Eilės tvarka",
    },
  },
  staff: {
    name: "Darbuotojas |||| Darbuotojai |||| Darbuotojų",
    fields: {
      ...audit,
      email: "El. paštas",
      name: "Vardas ir pavardė",
      role: "Rolė",
      active: "Aktyvus",
      password: "Naujas slaptažodis",
    },
  },
  mail: {
    name: "Laiškas |||| Laiškai |||| Laiškų",
    fields: {
      ...audit,
      to: "Gavėjas",
      replyTo: "Atsakyti adresu",
      message: "Laiškas",
      subject: "Tema",
      delivery: "Pristatymas",
      state: "Būsena",
      attempts: "Bandymai",
      ref: "Susijęs įrašas",
    },
  },
  settings: {
    name: "Nustatymai |||| Nustatymai |||| Nustatymų",
    fields: {
      ...audit,
      company: "Įmonė",
      bookingRules: "Rezervavimo taisyklės",
      terms: "Nuomos sąlygos",
      about: "Apie mus",
      privacy: "Privatumo politika",
      contractTemplate: "Sutarties šablonas",
      emailTemplates: "Laiškų šablonai",
    },
  },
  "client-errors": {
    name: "Programos klaida |||| Programos klaidos |||| Programos klaidų",
    fields: {
      ...audit,
      message: "Pranešimas",
      stack: "Klaidos kelias",
      kind: "Rūšis",
      url: "Puslapis",
      userAgent: "Naršyklė",
      buildId: "Versija",
    },
  },
};

export const lt: AdminMessages = { ra, resources };
export default lt;
