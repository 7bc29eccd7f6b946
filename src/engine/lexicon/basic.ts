import type { Lexicon } from './types.js';

/**
 * Basic lexicons of Polish, Swedish, Czech and Turkish: the asks and threats of parcel-fee, bank-block,
 * e-ID-renewal, tax-refund and CEO-transfer lures, nothing more. Without them a lure in these languages had no
 * intent fact at all and a look-alike domain of an uncatalogued carrier or bank stayed below suspicious
 * (docs/detection.md "What does it ask?"). Folded as words.ts folds (lower case, no accents, "ł" → "l",
 * "ı" → "i"); specific phrases only, so that a shop's or a bank's own notice in these languages asks nothing.
 */

/** Polish basics. */
export const PL: Lexicon = {
  urgency: ['w ciagu 24|48|72 godzin', 'ostatnie|ostateczne wezwanie|przypomnienie|ostrzezenie'],
  threat: ['twoje konto zostalo|zostanie zablokowane|zawieszone|ograniczone', 'konto zostalo|zostanie tymczasowo zablokowane|zawieszone', 'paczka|przesylka zostanie zwrocona do nadawcy', 'w przeciwnym razie paczka|przesylka|konto'],
  credential: ['zaloguj sie i potwierdz|zweryfikuj', 'potwierdz|zweryfikuj swoje dane|konto|tozsamosc', 'odblokuj swoje|twoje konto', 'podaj dane logowania|karty'],
  payment: ['zaplac teraz', 'wymagana doplata', 'nieoplaconej|nieoplacona oplaty|oplata celnej|celna', 'oplaty celnej w wysokosci', 'dokonanie platnosci w ciagu'],
  giftcard: ['kupic|kup karty podarunkowe', 'zdjecie kodow|kart'],
  wire: ['pilny przelew', 'pilnie zrobic|wykonac przelew'],
  pretext: ['czy jest pan|pani dostepny|dostepna', 'prosze nikomu o tym nie mowic'],
  bank_change: ['nowy numer konta|rachunku', 'zmienilismy numer konta|rachunku', 'zmienilismy bank'],
  prize: ['gratulacje wygrales|wygralas', 'zostales wybrany|zostalas wybrana', 'odbierz swoja nagrode'],
  greeting: ['szanowny|drogi kliencie'],
};

/** Swedish basics. */
export const SV: Lexicon = {
  urgency: ['inom 24|48|72 timmar', 'sista paminnelsen|varningen'],
  threat: ['ditt konto har blockerats|sparrats|stangts|begransats', 'ditt konto kommer att blockeras|sparras|stangas', 'ditt bankid gar ut', 'paketet returneras till avsandaren'],
  credential: ['logga in och bekrafta|verifiera', 'bekrafta|verifiera dina uppgifter|identitet|konto', 'bekrafta|verifiera din identitet', 'fornya ditt bankid', 'ange dina inloggningsuppgifter|kortuppgifter'],
  payment: ['betala avgiften|tullavgiften', 'en tullavgift pa', 'obetald|obetalda avgift|avgifter|tullavgift'],
  giftcard: ['kopa presentkort'],
  wire: ['bradskande overforing|betalning'],
  pretext: ['ar du tillganglig', 'hall det mellan oss'],
  bank_change: ['nytt kontonummer|bankkontonummer', 'vi har bytt bank'],
  prize: ['grattis du har vunnit', 'du har valts ut', 'hamta ditt pris', 'hamta din beloning'],
  greeting: ['baste|kara kund'],
};

/** Czech basics. */
export const CS: Lexicon = {
  urgency: ['do 24|48|72 hodin'],
  threat: ['vas ucet byl|bude zablokovan|pozastaven|omezen', 'jinak bude vracena|vracen odesilateli', 'zasilka bude vracena odesilateli'],
  credential: ['prihlaste se a overte|potvrdte', 'overte|potvrdte sve udaje', 'overte|potvrdte svou identitu', 'overte|potvrdte svuj ucet', 'zadejte udaje karty', 'zadejte prihlasovaci udaje'],
  payment: ['ceka na zaplaceni|doplatek', 'zaplaceni poplatku', 'zaplatte poplatek|doplatek'],
  wire: ['urgentni platba|prevod'],
  pretext: ['jste k dispozici'],
  bank_change: ['nove cislo uctu', 'zmenili jsme banku|cislo uctu'],
  prize: ['gratulujeme vyhral|vyhrala jste', 'byl|byla jste vybran|vybrana'],
  greeting: ['vazeny zakazniku|kliente'],
};

/** Turkish basics. */
export const TR: Lexicon = {
  urgency: ['24|48|72 saat icinde', 'son uyari|hatirlatma'],
  threat: ['hesabiniz askiya alindi|alinacak', 'hesabiniz kapatilacak|kapatildi', 'hesabiniz bloke edildi|edilecek', 'hesabiniz gecici olarak', 'kargonuz teslim edilemedi'],
  credential: ['kart bilgilerinizi girerek|giriniz|girin', 'bilgilerinizi dogrulayin|guncelleyin', 'giris yaparak dogrulayin|onaylayin', 'sifrenizi dogrulayin|guncelleyin'],
  payment: ['gumruk ucretini|ucreti odeyerek|odeyin', 'ucretini odeyerek', 'vergi iadesi tanimlanmistir|tanimlandi', 'iade tutari tanimlandi'],
  wire: ['acil havale|eft'],
  pretext: ['musait misiniz|misin'],
  bank_change: ['yeni iban|hesap numaramiz'],
  prize: ['tebrikler kazandiniz', 'siz secildiniz'],
  greeting: ['sayin musterimiz|musteri|kullanici'],
};
