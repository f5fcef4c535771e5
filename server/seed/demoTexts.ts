// Long Lithuanian texts of the settings: terms, privacy policy, about, the rental agreement
// template and e-mail templates. Plain text, paragraphs separated by blank lines.

/** Nuomos sąlygos. The numbers match the booking rules, extras and deposits of the demo data. */
export const TERMS_TEXT = `1. Vairuotojas

Automobilį gali vairuoti asmuo, kuriam yra ne mažiau kaip 21 metai ir kuris ne trumpiau kaip 2 metus turi galiojantį B kategorijos vairuotojo pažymėjimą. Verslo, prabangos klasės automobiliams, mikroautobusams ir krovininiams automobiliams gali būti taikomas didesnis amžiaus ir vairavimo stažo reikalavimas – jis nurodytas automobilio aprašyme. Vairuotojams iki 25 metų taikomas jauno vairuotojo mokestis – 8 € parai.

Paimant automobilį reikia pateikti asmens tapatybės dokumentą (pasą arba asmens tapatybės kortelę) ir vairuotojo pažymėjimą. Automobilį vairuoti gali tik sutartyje nurodyti vairuotojai. Papildomas vairuotojas įrašomas į sutartį už 10 € vienkartinį mokestį.

2. Užstatas

Paimant automobilį imamas užstatas – nuo 150 iki 800 €, priklausomai nuo automobilio klasės. Tiksli suma nurodyta automobilio aprašyme ir rezervacijos patvirtinime. Užstatas rezervuojamas mokėjimo kortelėje arba sumokamas grynaisiais ir grąžinamas per 3 darbo dienas po to, kai automobilis grąžinamas laiku, tvarkingas ir su pilnu degalų baku. Vykstant į užsienį užstatas didinamas 200 €.

3. Kaina ir mokėjimas

Svetainėje nurodytos kainos yra galutinės: jos apima 21 % PVM, privalomąjį transporto priemonių valdytojų civilinės atsakomybės draudimą (TPVCA), KASKO draudimą ir techninę pagalbą kelyje visą parą. Nuomos para – 24 valandos nuo automobilio paėmimo. Už nuomą mokama paimant automobilį: mokėjimo kortele, banko pavedimu arba grynaisiais. Įmonėms išrašoma PVM sąskaita faktūra.

4. Rida

Įprastas ridos limitas – 250–300 km per parą (nurodytas prie kiekvieno automobilio), kai kuriems automobiliams rida neribojama. Viršijus limitą, už kiekvieną papildomą kilometrą mokama 0,12 €. Nuomojantis ilgiau nei 30 parų, rida neribojama.

5. Degalai ir įkrovimas

Automobilis išduodamas su pilnu degalų baku ir turi būti grąžintas su pilnu baku („pilnas–pilnas“). Jei bakas grąžinamas nepilnas, mokama už trūkstamus degalus pagal degalinės kainą ir 20 € pildymo mokestis. Elektromobilis išduodamas įkrautas ne mažiau kaip 80 % ir turi būti grąžintas įkrautas ne mažiau kaip 50 %, kitaip taikomas 20 € įkrovimo mokestis.

6. Kelionės į užsienį

Išvykti už Lietuvos ribų galima tik gavus raštišką nuomotojo sutikimą, kuris įrašomas į sutartį. Kelionės į Europos Sąjungos šalis (Latviją, Estiją, Lenkiją, Suomiją ir kitas) mokestis – 45 € už nuomą. Vykti į Rusiją, Baltarusiją ir Ukrainą draudžiama.

7. Grąžinimas

Automobilis grąžinamas sutartu laiku ir sutartoje vietoje. Vėluojant ilgiau nei 60 minučių, skaičiuojama papildoma nuomos para. Grąžinus automobilį anksčiau, už nepanaudotą laiką pinigai negrąžinami. Automobilį paimti ar grąžinti ne darbo laiku galima iš anksto suderinus – mokestis 15 €.

8. Draudimas ir žala

Visi automobiliai apdrausti TPVCA ir KASKO draudimu. Nuomininko atsakomybė už žalą ribojama franšize: 500 € ekonominės, kompaktinės ir vidutinės klasės automobiliams ir 800 € kitų klasių automobiliams. Užsisakius franšizės sumažinimą (9 € parai), nuomininko atsakomybė mažinama iki 150 €.

Draudimas negalioja, jei vairuota apsvaigus nuo alkoholio ar kitų psichiką veikiančių medžiagų, jei automobilį vairavo sutartyje nenurodytas asmuo arba žala padaryta tyčia. Įvykus eismo įvykiui, būtina nedelsiant pranešti nuomotojui, o prireikus – policijai (tel. 112).

9. Kiti mokesčiai

Rūkyti automobilyje draudžiama – pažeidus taikomas 100 € valymo mokestis. Labai nešvariam salonui valyti taikomas 25 € mokestis. Gyvūnus vežti galima tik transportavimo dėžėje arba ant apsauginio užtiesalo; gyvūnų plaukų valymas – 30 €. Pametus raktelį ar dokumentus, mokamos faktinės jų atkūrimo išlaidos. Baudos už kelių eismo taisyklių pažeidimus ir stovėjimą nuomos metu perduodamos nuomininkui kartu su 10 € administravimo mokesčiu.

10. Rezervacijos atšaukimas

Rezervaciją galima nemokamai atšaukti ne vėliau kaip prieš 24 valandas iki nuomos pradžios. Neatvykus be įspėjimo, gali būti taikomas vienos nuomos paros mokestis.`;

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

Automobilius nemokamai pristatome į Vilniaus oro uostą ir išduodame biure Vilniuje, o iš anksto susitarus – ir Kaune bei Palangos oro uoste. Įmonėms siūlome ilgalaikę nuomą su draudimu, padangomis ir technine priežiūra, PVM sąskaitas faktūras ir asmeninį vadybininką.

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
