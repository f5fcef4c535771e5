// Long Lithuanian texts of the settings: terms, privacy policy, about, the rental agreement
// template and e-mail templates. Plain text, paragraphs separated by blank lines.

/**
 * Nuomos sąlygos: the rules in words only. Every fee, limit and window is in the settings (the
 * tariff, the booking rules, the portal's cancellation window, the extras, places and cars) and
 * is printed from there as "Kainos ir mokesčiai" (src/domain/tariffText.ts) before this text, on
 * the terms page and in the agreement: no number here can contradict what the counter charges.
 */
export const TERMS_TEXT = `1. Vairuotojas

Automobilį gali vairuoti asmuo, atitinkantis kainų ir mokesčių lentelėje nurodytą mažiausią amžių ir turintis galiojantį B kategorijos vairuotojo pažymėjimą ne trumpiau, nei nurodyta prie automobilio. Verslo, prabangos klasės automobiliams, mikroautobusams ir krovininiams automobiliams gali būti taikomas didesnis amžiaus ir vairavimo stažo reikalavimas – jis nurodytas automobilio aprašyme. Vairuotojams, jaunesniems už lentelėje nurodytą jauno vairuotojo amžiaus ribą, taikomas jauno vairuotojo mokestis: jis apskaičiuojamas pagal vairuotojo gimimo datą ir įtraukiamas į kainą prieš rezervuojant.

Paimant automobilį reikia pateikti asmens tapatybės dokumentą (pasą arba asmens tapatybės kortelę) ir vairuotojo pažymėjimą. Automobilį vairuoti gali tik sutartyje nurodyti vairuotojai. Papildomas vairuotojas įrašomas į sutartį užsakius papildomą paslaugą „Papildomas vairuotojas“.

2. Užstatas

Paimant automobilį imamas užstatas, nurodytas automobilio aprašyme ir rezervacijos patvirtinime. Užstatas rezervuojamas mokėjimo kortelėje arba sumokamas grynaisiais ir grąžinamas per 3 darbo dienas po to, kai automobilis grąžinamas laiku, tvarkingas ir su pilnu degalų baku. Vykstant į užsienį užstatas didinamas kainų ir mokesčių lentelėje nurodyta suma.

3. Kaina ir mokėjimas

Kaina, nurodyta prieš rezervuojant, yra galutinė: ji apima PVM, privalomąjį transporto priemonių valdytojų civilinės atsakomybės draudimą (TPVCA), KASKO draudimą, techninę pagalbą kelyje visą parą ir mokesčius, kurie taikomi pagal taisykles (jauno vairuotojo, kelionės į užsienį, paėmimo ar grąžinimo ne darbo laiku). Nuomos para – 24 valandos nuo automobilio paėmimo. Už nuomą mokama paimant automobilį: mokėjimo kortele, banko pavedimu arba grynaisiais. Įmonėms išrašoma PVM sąskaita faktūra.

4. Rida

Ridos limitas nurodytas prie kiekvieno automobilio; kai kuriems automobiliams rida neribojama. Viršijus limitą, už kiekvieną papildomą kilometrą mokama pagal kainų ir mokesčių lentelę.

5. Degalai ir įkrovimas

Automobilis išduodamas su pilnu degalų baku ir turi būti grąžintas su pilnu baku („pilnas–pilnas“). Jei bakas grąžinamas nepilnas, už kiekvieną trūkstamą bako ketvirtį mokama pagal kainų ir mokesčių lentelę. Elektromobilis išduodamas įkrautas ir turi būti grąžintas įkrautas ne mažiau, nei buvo išduotas; trūkstama įkrova skaičiuojama taip pat kaip degalai.

6. Kelionės į užsienį

Išvykti už Lietuvos ribų galima tik apie tai pažymėjus rezervacijoje arba gavus raštišką nuomotojo sutikimą, kuris įrašomas į sutartį; taikomas kelionės į užsienį mokestis ir didesnis užstatas. Leidžiama vykti į Europos Sąjungos šalis (Latviją, Estiją, Lenkiją, Suomiją ir kitas). Vykti į Rusiją, Baltarusiją ir Ukrainą draudžiama.

7. Grąžinimas

Automobilis grąžinamas sutartu laiku ir sutartoje vietoje. Vėluojant ilgiau, nei leidžia kainų ir mokesčių lentelė, už kiekvieną pradėtą parą mokama nuomos paros kaina. Grąžinus automobilį anksčiau, už nepanaudotą laiką pinigai negrąžinami. Automobilį paimti ar grąžinti ne darbo laiku galima iš anksto suderinus; mokestis įtraukiamas į kainą.

8. Draudimas ir žala

Visi automobiliai apdrausti TPVCA ir KASKO draudimu. Nuomininko atsakomybė už žalą ribojama savarankiška rizika (franšize), nurodyta prie automobilio ir sutartyje. Užsisakius papildomą paslaugą „Franšizės sumažinimas“, nuomininko atsakomybė mažinama, kaip nurodyta paslaugos aprašyme.

Draudimas negalioja, jei vairuota apsvaigus nuo alkoholio ar kitų psichiką veikiančių medžiagų, jei automobilį vairavo sutartyje nenurodytas asmuo arba žala padaryta tyčia. Įvykus eismo įvykiui, būtina nedelsiant pranešti nuomotojui, o prireikus – policijai (tel. 112).

9. Kiti mokesčiai

Rūkyti automobilyje draudžiama – pažeidus taikomas rūkymo mokestis. Jei automobilį grąžinus reikia valyti (labai nešvarus salonas, gyvūnų plaukai), taikomas valymo mokestis. Gyvūnus vežti galima tik transportavimo dėžėje arba ant apsauginio užtiesalo. Pametus raktelį ar dokumentus, mokamos faktinės jų atkūrimo išlaidos. Baudos už kelių eismo taisyklių pažeidimus ir stovėjimą nuomos metu perduodamos nuomininkui.

10. Rezervacijos atšaukimas

Rezervaciją galima nemokamai atšaukti kainų ir mokesčių lentelėje nurodytu laiku iki nuomos pradžios. Neatvykus be įspėjimo, gali būti taikomas vienos nuomos paros kainos mokestis.`;

/** Privatumo politika; `controller` names the company ("UAB „…“, įmonės kodas …"). */
export function privacyText(controller: string, email: string): string {
  return `Duomenų valdytojas

Jūsų asmens duomenis tvarko ${controller}. Klausimus dėl asmens duomenų siųskite el. paštu ${email}.

Kam naudojame duomenis

Rezervacijai priimti ir nuomos sutarčiai sudaryti bei vykdyti (BDAR 6 straipsnio 1 dalies b punktas), buhalterinės apskaitos ir kitoms teisės aktų nustatytoms prievolėms vykdyti (c punktas), atsakyti į Jūsų užklausas (f punktas – teisėtas interesas). Tiesioginės rinkodaros laiškų nesiunčiame.

Kam perduodame

Draudimo bendrovėms, kai įvyksta eismo įvykis ar žala; teisėsaugos ir kitoms valstybės institucijoms, kai to reikalauja teisės aktai. Paslaugų teikėjai, kurie duomenis tvarko pagal mūsų nurodymus, ir kokie duomenys jiems perduodami, išvardyti šio puslapio dalyje „Kam perduodami duomenys“; ten pat – renkami duomenys ir jų saugojimo terminai, kaip jie nustatyti sistemoje.

Slapukai

Svetainė nenaudoja jokių nebūtinų slapukų: nėra analitikos, reklamos ar socialinių tinklų slapukų, todėl sutikimo jiems neprašome. Naudojamas tik būtinas sesijos slapukas, kai darbuotojai prisijungia prie administravimo sistemos.

Jūsų teisės

Turite teisę susipažinti su savo duomenimis, reikalauti juos ištaisyti, ištrinti, apriboti jų tvarkymą, nesutikti su tvarkymu ir gauti juos perkeliamu formatu. Jei manote, kad duomenys tvarkomi neteisėtai, galite pateikti skundą Valstybinei duomenų apsaugos inspekcijai (vdai.lrv.lt).`;
}

export const DEMO_ABOUT_TEXT = `Ratų nuoma – Vilniaus automobilių nuomos įmonė, nuo 2014 metų nuomojanti automobilius Lietuvos gyventojams, miesto svečiams ir verslui. Mūsų parke – beveik trys dešimtys automobilių: nuo taupių miesto hibridų iki septynviečių visureigių, devynviečių mikroautobusų ir krovininių furgonų.

Kaina, kurią matote svetainėje, yra galutinė: į ją įskaičiuotas PVM, TPVCA ir KASKO draudimas bei techninė pagalba kelyje visą parą. Jokių paslėptų mokesčių.

Automobilius išduodame Vilniaus oro uoste ir biure Vilniuje, o iš anksto susitarus – ir Kaune bei Palangos oro uoste. Jei pasirinktas automobilis stovi kitoje vietoje, jo pervežimo kaina matoma kainoje prieš rezervuojant. Įmonėms siūlome ilgalaikę nuomą su draudimu, padangomis ir technine priežiūra, PVM sąskaitas faktūras ir asmeninį vadybininką.

Visi mūsų automobiliai – ne senesni nei penkerių metų, reguliariai prižiūrimi oficialiuose servisuose, žiemą – su žieminėmis padangomis. Rezervaciją patvirtiname per darbo valandą, o skubiais atvejais padedame telefonu visą parą.`;

/** Nuomos sutarties šablonas; {…} are filled when the agreement is printed. */
export const CONTRACT_TEMPLATE = `TRANSPORTO PRIEMONĖS NUOMOS SUTARTIS Nr. {number}

Sudarymo data: {date}

1. ŠALYS

Nuomotojas: {company.name}, įmonės kodas {company.companyCode}, PVM mokėtojo kodas {company.vatCode}, adresas {company.address}, a. s. {company.iban}, {company.bankName}.

Nuomininkas: {customer.name}
Įmonė: {customer.companyName}, įmonės kodas {customer.companyCode}, PVM mokėtojo kodas {customer.vatCode}
Asmens kodas: {customer.personalCode}
Asmens dokumento Nr.: {customer.idDocumentNumber}
Vairuotojo pažymėjimo Nr.: {customer.licenceNumber}, išduotas {customer.licenceIssuedAt}
Adresas: {customer.address}
Telefonas: {customer.phone}, el. paštas: {customer.email}

2. TRANSPORTO PRIEMONĖ

Markė ir modelis: {car.make} {car.model}, {car.year} m.
Valstybinis numeris: {car.plateNumber}
VIN kodas: {car.vin}
Degalų tipas: {car.fuel}; pavarų dėžė: {car.transmission}

3. NUOMOS LAIKOTARPIS IR KAINA

Paėmimas: {pickupAt}, {pickupLocation}
Grąžinimas: {returnAt}, {returnLocation}
Nuomos parų skaičius: {days}
Kaina parai: {dailyRate}
Papildomos paslaugos: {extras}
Pristatymas: {delivery}
Automobilio pervežimas į paėmimo vietą: {transfer}
Nuolaida: {discount}
Iš viso su PVM: {total} (iš jų PVM {vat})
Užstatas: {deposit}
Ridos limitas: {mileageLimit}

4. PERDAVIMO–PRIĖMIMO AKTAS

Perduodant: rida {mileageOut} km, degalų lygis {fuelOut}.
Grąžinant: rida {mileageIn} km, degalų lygis {fuelIn}.
Pažeidimai (pažymėti automobilio schemoje): {damages}
Kartu perduota: registracijos liudijimas, draudimo liudijimas, raktelis.

5. BENDROJI DALIS

Nuomininkas patvirtina, kad susipažino su toliau pateiktomis nuomos sąlygomis, kurios yra neatskiriama šios sutarties dalis, ir su jomis sutinka.

{terms}

Nuomotojas: ______________________________
(vardas, pavardė, parašas)

Nuomininkas: ______________________________
(vardas, pavardė, parašas)`;

export { DEFAULT_EMAIL_TEMPLATES as EMAIL_TEMPLATES } from "../../src/domain/settings";
