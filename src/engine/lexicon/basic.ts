import { fold } from '../text/words.js';
import type { Lexicon } from './types.js';

/**
 * Basic lexicons of Polish, Swedish, Czech, Turkish, Danish, Norwegian, Finnish, Romanian, Hungarian,
 * Russian, Indonesian, Greek and Korean: the asks and threats of parcel-fee, bank-block, e-ID-renewal, tax-refund and
 * CEO-transfer lures, nothing more. Without them a lure in these languages had no intent fact at all and a
 * look-alike domain of an uncatalogued carrier or bank stayed below suspicious (docs/detection.md "What does
 * it ask?"). Folded as words.ts folds (lower case, no accents, "ł" → "l", "ı" → "i", "ø" → "o", "æ" → "ae",
 * "й" → "и", "ё" → "е"); specific phrases only, so that a shop's or a bank's own notice in these languages
 * asks nothing. Finnish and Hungarian inflect the noun, not the phrase around it: their patterns name the
 * inflected forms a lure writes ("tilisi", "számláját").
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

/** Danish basics. */
export const DA: Lexicon = {
  urgency: ['inden for 24|48|72 timer', 'sidste|endelig pamindelse|advarsel'],
  threat: ['din konto er blevet spaerret|blokeret|lukket|begraenset', 'din konto vil blive spaerret|blokeret|lukket', 'dit mitid|nemid udlober', 'pakken returneres til afsenderen', 'ellers returneres pakken'],
  credential: ['log ind og bekraeft|verificer', 'bekraeft|verificer dine oplysninger', 'bekraeft|verificer din identitet|konto', 'forny dit mitid|nemid', 'indtast dine kortoplysninger|loginoplysninger'],
  payment: ['betal gebyret|toldgebyret', 'et toldgebyr pa', 'ubetalt|ubetalte gebyr|toldgebyr'],
  wire: ['fortrolig|hurtig bankoverforsel|overforsel'],
  pretext: ['er du ved dit skrivebord', 'fortael det ikke til nogen'],
  bank_change: ['nyt kontonummer', 'vi har skiftet bank'],
  prize: ['tillykke du har vundet', 'du er blevet udvalgt'],
  greeting: ['kaere kunde'],
};

/** Norwegian basics. */
export const NO: Lexicon = {
  urgency: ['innen 24|48|72 timer', 'siste paminnelse|advarsel'],
  threat: ['din bankid er midlertidig sperret', 'din konto er blitt|midlertidig sperret|stengt|blokkert', 'ellers blir kontoen din stengt|sperret', 'kontoen din vil bli stengt|sperret', 'pakken blir returnert', 'blir pakken returnert', 'pakken returneres til avsender'],
  credential: ['logg inn og bekreft|verifiser', 'bekreft|verifiser identiteten din', 'bekreft|verifiser opplysningene|kontoen din', 'oppgi kortopplysningene|kortinformasjonen din'],
  payment: ['betal et gebyr pa', 'betal gebyret|tollgebyret', 'venter pa tollbetaling'],
  wire: ['hastende|konfidensiell overforing|bankoverforing'],
  pretext: ['er du tilgjengelig', 'hold dette mellom oss'],
  bank_change: ['nytt kontonummer', 'vi har byttet bank'],
  prize: ['gratulerer du har vunnet', 'du er valgt ut'],
  greeting: ['kjaere kunde'],
};

/** Finnish basics. */
export const FI: Lexicon = {
  urgency: ['24|48|72 tunnin kuluessa', 'viimeinen muistutus|varoitus'],
  threat: ['tilisi on suljettu|jaadytetty|lukittu', 'tilisi suljetaan|lukitaan', 'jotta tiliasi ei suljeta|lukita', 'lahetys palautetaan lahettajalle', 'verkkopankkitunnuksesi|pankkitunnuksesi|tunnuksesi vanhenevat|vanhentuvat'],
  credential: ['kirjaudu sisaan ja vahvista', 'vahvista tietosi|henkilollisyytesi|tilisi', 'syota korttitietosi|pankkitunnuksesi'],
  payment: ['maksa maksu|tullimaksu|toimitusmaksu', 'maksa * pankkikortillasi|kortillasi'],
  wire: ['kiireellinen|luottamuksellinen tilisiirto'],
  pretext: ['oletko tavoitettavissa'],
  bank_change: ['uusi tilinumeromme', 'tilinumeromme on muuttunut'],
  prize: ['onnittelut olet voittanut', 'sinut on valittu'],
  greeting: ['hyva asiakas'],
};

/** Romanian basics. */
export const RO: Lexicon = {
  urgency: ['in 24|48|72 de ore', 'in termen de 24|48|72 de ore', 'ultimul avertisment'],
  threat: ['contul dumneavoastra a fost blocat|suspendat|restrictionat', 'contul dumneavoastra va fi blocat|suspendat|inchis', 'coletul va fi returnat expeditorului', 'pentru a evita inchiderea|blocarea contului'],
  credential: ['autentificati va si confirmati', 'confirmati datele cardului|contului', 'introduceti datele cardului', 'verificati va contul|identitatea'],
  payment: ['pana la plata unei taxe', 'platiti taxa', 'o taxa vamala de'],
  wire: ['transfer bancar confidential|urgent', 'urgent un transfer bancar'],
  pretext: ['nu discuta cu nimeni'],
  bank_change: ['noul nostru cont|iban', 'am schimbat banca|contul bancar'],
  prize: ['felicitari ati castigat', 'ati fost selectat|selectata'],
  greeting: ['stimate client|utilizator'],
};

/** Hungarian basics. */
export const HU: Lexicon = {
  urgency: ['24|48|72 oran belul'],
  threat: ['bankszamlajat|szamlajat|fiokjat ideiglenesen zaroltuk|felfuggesztettuk', 'bankszamlajat|szamlajat|fiokjat veglegesen letiltjuk|lezarjuk', 'bankszamlajat|szamlajat|fiokjat zaroltuk|felfuggesztettuk', 'kulonben a csomagot visszakuldjuk'],
  credential: ['jelentkezzen be es erositse meg', 'erositse meg adatait|szemelyazonossagat', 'adja meg kartyaadatait'],
  payment: ['fizesse be bankkartyajaval|kartyajaval', 'vamdijat ki nem fizeti', 'fizesse ki a vamdijat'],
  wire: ['surgos|bizalmas atutalas|atutalast'],
  pretext: ['ne szoljon senkinek'],
  bank_change: ['uj bankszamlaszamunk|szamlaszamunk', 'megvaltozott a bankszamlaszamunk|szamlaszamunk'],
  prize: ['gratulalunk on nyert', 'ont kivalasztottuk'],
  greeting: ['tisztelt ugyfelunk'],
};

/** Russian basics. */
export const RU: Lexicon = {
  urgency: ['в течение 24|48|72 часов', 'последнее предупреждение'],
  threat: ['ваш счет|аккаунт|кабинет временно заблокирован|приостановлен', 'ваш счет|аккаунт будет заблокирован|закрыт', 'посылка будет возвращена отправителю', 'чтобы избежать закрытия|блокировки счета|аккаунта'],
  credential: ['войдите в систему и подтвердите', 'подтвердите данные карты', 'подтвердите свои данные|личность', 'введите данные карты'],
  payment: ['до оплаты таможеннои пошлины', 'оплатите пошлину|сбор', 'таможеннои пошлины в размере'],
  wire: ['конфиденциальныи|срочныи банковскии перевод'],
  pretext: ['никому об этом не говорите', 'никому не говорите'],
  bank_change: ['у нас изменились реквизиты', 'наши новые реквизиты'],
  prize: ['поздравляем вы выиграли', 'вы были выбраны'],
  greeting: ['уважаемыи клиент|пользователь'],
};

/** Indonesian basics. */
export const ID: Lexicon = {
  urgency: ['dalam 24|48|72 jam', 'peringatan terakhir'],
  threat: ['akun anda diblokir|ditangguhkan|dibekukan', 'akun anda akan diblokir|ditutup|ditangguhkan', 'agar akun anda tidak ditutup|diblokir', 'paket akan dikembalikan ke pengirim'],
  credential: ['silakan masuk dan konfirmasi|verifikasi', 'konfirmasi|verifikasi data kartu', 'masukkan data kartu|kata sandi'],
  payment: ['sebelum biaya bea cukai', 'biaya bea cukai sebesar', 'bayar biaya dengan kartu'],
  wire: ['transfer mendesak|rahasia'],
  pretext: ['jangan beritahu siapa pun|siapapun'],
  bank_change: ['nomor rekening baru kami', 'kami telah mengganti rekening'],
  prize: ['selamat anda memenangkan', 'anda terpilih sebagai pemenang'],
  greeting: ['pelanggan|nasabah yang terhormat'],
};

/** Greek basics. */
export const EL: Lexicon = {
  urgency: ['εντος 24|48|72 ωρων'],
  threat: ['θα επιστραφει στον αποστολεα', 'ο λογαριασμος σας εχει ανασταλει|κλειδωθει|αποκλειστει'],
  credential: ['επιβεβαιωστε τα στοιχεια σας', 'συνδεθειτε και επιβεβαιωστε'],
  payment: ['μεχρι να πληρωθει τελος', 'πληρωστε με την καρτα σας', 'τελος εκτελωνισμου'],
  greeting: ['αγαπητε πελατη'],
};

/** Patterns written as Korean is typed; folded here as words.ts folds the text (NFKD splits each syllable into its letters). */
const folded = (lexicon: Lexicon): Lexicon => Object.fromEntries(Object.entries(lexicon).map(([category, patterns]) => [category, patterns.map(fold)]));

/** Korean basics: words are written apart, their endings vary ("결제하시면", "결제하지"), hence the prefixes. */
export const KO: Lexicon = folded({
  urgency: ['24시간|48시간 이내에|이내|내에'],
  threat: ['계정이 일시|정지~|차단~|잠금~', '않으면 반송~|폐기~'],
  credential: ['로그인하여 인증~|확인~', '본인 인증을 완료~', '카드 정보를 입력~|확인~', '개인정보를 입력~|확인~'],
  payment: ['카드로 결제~', '배송비 결제~', '결제하시면 재배송~'],
  wire: ['긴급 송금~|이체~'],
  prize: ['축하합니다 당첨~'],
});
