import { describe, expect, it } from 'vitest';
import { createLexiconMatcher, LEXICONS } from '../../src/engine/lexicon/index.js';
import { words } from '../../src/engine/text/words.js';

/**
 * A lexicon pattern is a sequence of word slots, each slot alternatives joined by "|"
 * (src/engine/text/phrase-matcher.ts). "tarjeta|tarjetas regalo|de regalo" reads as three slots and only
 * ever matched "tarjetas de regalo", never "tarjetas regalo": whole phrases cannot be alternatives. A word
 * of three letters or more that appears in two slots of one pattern is that mistake.
 */
describe('lexicon patterns (src/engine/lexicon)', () => {
  it('no pattern repeats a word across its slots (phrases written as alternatives)', () => {
    const suspicious: string[] = [];
    for (const [language, lexicon] of Object.entries(LEXICONS)) {
      for (const [category, patterns] of Object.entries(lexicon)) {
        for (const pattern of patterns ?? []) {
          const seen = new Set<string>();
          for (const slot of pattern.split(' ')) {
            const alternatives = slot.replace(/\?$/, '').split('|');
            if (alternatives.some((a) => a.length >= 3 && seen.has(a))) suspicious.push(`${language} ${category}: ${pattern}`);
            for (const a of alternatives) seen.add(a);
          }
        }
      }
    }
    expect(suspicious).toEqual([]);
  });

  it('matches the phrases those patterns were written for', () => {
    const lexicon = createLexiconMatcher();
    const tags = (text: string): string[] => lexicon.find(words(text, 200), 50).map((h) => h.tag);
    expect(tags('Necesito que compres tarjetas regalo de Amazon')).toContain('giftcard:es');
    // The basic lexicons (src/engine/lexicon/basic.ts), folded as words.ts folds ("ł" → "l", "ı" → "i").
    expect(tags('Twoje konto zostało tymczasowo zablokowane')).toContain('threat:pl');
    expect(tags('Zaloguj się i potwierdź swoje dane')).toContain('credential:pl');
    expect(tags('Ditt BankID går ut idag')).toContain('threat:sv');
    expect(tags('Betala tullavgiften inom 48 timmar')).toContain('payment:sv');
    expect(tags('Zásilka čeká na zaplacení poplatku')).toContain('payment:cs');
    expect(tags('Kart bilgilerinizi girerek başvurunuzu tamamlayın')).toContain('credential:tr');
    expect(tags('Gümrük ücretini ödeyerek teslimatı planlayın')).toContain('payment:tr');
    expect(tags('Log ind og bekræft dine oplysninger')).toContain('credential:da');
    expect(tags('Din BankID er midlertidig sperret')).toContain('threat:no');
    expect(tags('Kirjaudu sisään ja vahvista tietosi')).toContain('credential:fi');
    expect(tags('Plătiți taxa cu cardul')).toContain('payment:ro');
    expect(tags('Bankszámláját ideiglenesen zároltuk')).toContain('threat:hu');
    expect(tags('Оплатите пошлину банковской картой')).toContain('payment:ru');
    expect(tags('Biaya bea cukai sebesar Rp 25.000')).toContain('payment:id');
    expect(tags('Πληρώστε με την κάρτα σας')).toContain('payment:el');
    // Korean, typed composed, is folded into letters like the text it is matched against.
    expect(tags('24시간 이내에 카드로 결제하지 않으면 반송됩니다')).toEqual(expect.arrayContaining(['urgency:ko', 'payment:ko', 'threat:ko']));
    expect(tags('Ihr Passwort läuft heute ab')).toContain('threat:de');
    expect(tags('Su contraseña ha caducado')).toContain('threat:es');
    expect(tags('Su contraseña vence mañana')).toContain('threat:es');
    expect(tags('Tu espacio está lleno')).toContain('threat:es');
    expect(tags('We will send the video to all your contacts')).toContain('extortion:en');
    expect(tags('Congratulations, your number was drawn')).toContain('prize:en');
    expect(tags('efetue o pagamento das taxas aduaneiras de 2,10 €')).toContain('payment:pt');
    expect(tags('La tua password è scaduta')).toContain('threat:it');
    // Lures that name the credentials they want, in every language.
    for (const [text, tag] of [
      ['Sign in with your company email and password to access the document', 'credential:en'],
      ['Connectez-vous avec votre adresse e-mail et votre mot de passe', 'credential:fr'],
      ['Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an', 'credential:de'],
      ['Acceda con su correo electrónico y contraseña', 'credential:es'],
      ['Accedi con la tua email e password', 'credential:it'],
      ['Log in met uw e-mailadres en wachtwoord', 'credential:nl'],
      ['Acesse com seu e-mail e senha', 'credential:pt'],
      ['Scan the QR code below with your phone to re-register your authenticator', 'credential:en'],
      ['Scannez le QR code ci-dessous pour réactiver votre compte', 'credential:fr'],
      ['Scannen Sie den QR-Code, um Ihr Konto zu bestätigen', 'credential:de'],
      ['Escanee el código QR para verificar su cuenta', 'credential:es'],
      ['Scansiona il codice QR per verificare il tuo account', 'credential:it'],
      ['Scan de QR-code om uw account te verifiëren', 'credential:nl'],
      ['Escaneie o código QR para verificar sua conta', 'credential:pt'],
    ]) expect(tags(text!), text).toContain(tag);
    // A document behind a sign-in with the e-mail address alone (the page asks the password), in every language;
    // signing in to follow one's own order is not it.
    for (const [text, tag] of [
      ['Please sign in with your email address to view the document', 'credential:en'],
      ['Identifiez-vous avec votre adresse e-mail pour consulter le document', 'credential:fr'],
      ['Melden Sie sich mit Ihrer E-Mail-Adresse an, um die Unterlagen zu öffnen', 'credential:de'],
      ['Inicie sesión con su correo electrónico para ver el documento', 'credential:es'],
      ['Accedi con il tuo indirizzo email per visualizzare il documento', 'credential:it'],
      ['Log in met uw e-mailadres om het document te openen', 'credential:nl'],
      ['Inicie sessão com o seu e-mail para abrir o documento', 'credential:pt'],
    ]) expect(tags(text!), text).toContain(tag);
    for (const text of ['Sign in with your email address to track your order', 'Connectez-vous avec votre adresse e-mail pour suivre votre commande', 'Melden Sie sich mit Ihrer E-Mail-Adresse an, um Ihre Bestellung zu verfolgen']) {
      expect(tags(text).filter((t) => t.startsWith('credential:')), text).toEqual([]);
    }
    // A fine or toll to pay, in every language (the imperative where the language has one).
    for (const [text, tag] of [
      ['Please pay your outstanding parking fine today', 'payment:en'],
      ['Réglez votre amende avant sa majoration', 'payment:fr'],
      ['Ihr unbezahltes Bußgeld', 'payment:de'],
      ['Tiene una multa de tráfico pendiente; pague la multa hoy', 'payment:es'],
      ['Paghi la sanzione entro 5 giorni', 'payment:it'],
      ['Betaal de verkeersboete binnen twee dagen', 'payment:nl'],
      ['Tem portagens em dívida: pague a sua multa', 'payment:pt'],
    ]) expect(tags(text!), text).toContain(tag);
    expect(tags('Può pagare la sanzione presso gli sportelli abilitati')).not.toContain('payment:it');
    // Unlocking a blocked account (the imperative: the infinitive is a genuine bank's instruction), in every language.
    for (const [text, tag] of [
      ['Entsperren Sie Ihren Zugang in wenigen Schritten', 'credential:de'],
      ['Schalten Sie Ihren Zugang jetzt wieder frei', 'credential:de'],
      ['Desbloquee su tarjeta desde su área personal', 'credential:es'],
      ['Sblocca subito il tuo conto', 'credential:it'],
      ['Ontgrendel uw rekening via de link', 'credential:nl'],
      ['Desbloqueie o seu acesso', 'credential:pt'],
      ['ist Ihr Online-Zugang vorübergehend gesperrt', 'threat:de'],
      ['Uw rekening is tijdelijk geblokkeerd', 'threat:nl'],
      ['Il tuo conto è stato temporaneamente bloccato', 'threat:it'],
    ]) expect(tags(text!), text).toContain(tag);
    for (const text of ['Karte entsperren unter Service > Karten', 'um Ihre Karte zu entsperren, öffnen Sie die App']) expect(tags(text).filter((t) => t.startsWith('credential:')), text).toEqual([]);
    // The held-mail lure ("7 incoming messages were held: release your messages") in every language.
    for (const [text, tag] of [
      ['7 incoming messages for you were held in quarantine. Release your pending messages below', 'threat:en'],
      ['7 messages entrants ont été retenus. Libérez vos messages en attente', 'threat:fr'],
      ['7 eingehende Nachrichten wurden zurückgehalten', 'threat:de'],
      ['Libere sus mensajes pendientes', 'threat:es'],
      ['I messaggi in arrivo sono stati trattenuti', 'threat:it'],
      ['7 inkomende berichten zijn vastgehouden', 'threat:nl'],
      ['Liberte as mensagens pendentes para a sua caixa de entrada', 'threat:pt'],
    ]) expect(tags(text!), text).toContain(tag);
    // BEC: gift cards and purchase asks; availability and secrecy as its pretext (never an ask alone).
    for (const [text, tag] of [
      ['Ich brauche heute ein paar Amazon-Gutscheinkarten', 'giftcard:de'],
      ['Bist du gerade erreichbar?', 'pretext:de'],
      ['Es-tu disponible ? Garde ça entre nous', 'pretext:fr'],
      ['Envoie-moi les codes', 'giftcard:fr'],
      ["J'ai besoin que tu achètes des cartes", 'wire:fr'],
      ['Necesito que compres unas tarjetas', 'wire:es'],
      ['Ho bisogno che acquisti alcune carte', 'wire:it'],
      ['Preciso que compres uns cartões', 'wire:pt'],
      ['Kun je voor mij kopen?', 'wire:nl'],
      ['Es una sorpresa, que quede entre nosotros', 'pretext:es'],
      ['È una sorpresa, resta tra noi', 'pretext:it'],
      ['Houd het onder ons', 'pretext:nl'],
      ['É uma surpresa, fica entre nós', 'pretext:pt'],
      ['Are you available? Keep it between us', 'pretext:en'],
    ]) expect(tags(text!), text).toContain(tag);
    // European Portuguese: "palavra-passe", "iniciar sessão".
    for (const text of ['Preencha o formulário com o seu e-mail e palavra-passe', 'Introduza a sua palavra-passe'])
      expect(tags(text), text).toContain('credential:pt');
    // The organisation's own account named: an ask only from outside the recipients' organisation (org_credential).
    expect(tags('Inicie sessão com a sua conta empresarial')).toContain('org_credential:pt');
    expect(tags('A sua palavra-passe expira hoje')).toContain('threat:pt');
    // A sharing platform's notice in the third person, in every language; a person's first person is not one.
    for (const [text, tag] of [
      ['Karen has shared a secure document with you', 'share:en'],
      ['Sophie vous a partagé un document sécurisé', 'share:fr'],
      ['Thomas hat ein geschütztes Dokument für Sie freigegeben', 'share:de'],
      ['Lucía te ha compartido un documento protegido', 'share:es'],
      ['Marco ha condiviso con te un documento protetto', 'share:it'],
      ['Pieter heeft een beveiligd document met u gedeeld', 'share:nl'],
      ['Ana partilhou consigo um documento protegido', 'share:pt'],
    ]) expect(tags(text!), text).toContain(tag);
    for (const text of ['I have shared the file with you', 'Je vous ai partagé le fichier', 'Te he compartido el archivo', 'Ho condiviso il file con te'])
      expect(tags(text), text).not.toContain(`share:${text.startsWith('I ') ? 'en' : text.startsWith('Je') ? 'fr' : text.startsWith('Te') ? 'es' : 'it'}`);
    // The voicemail lure (a recording that plays only after signing in) and sextortion, in every language.
    for (const [text, tag] of [
      ['Sign in with your Microsoft account to listen to the message', 'credential:en'],
      ['Connectez-vous avec votre compte professionnel pour écouter le message', 'credential:fr'],
      ['Melden Sie sich mit Ihrem Firmenkonto an, um die Nachricht anzuhören', 'credential:de'],
      ['Inicie sesión con su cuenta corporativa para escuchar el mensaje', 'credential:es'],
      ['Accedi con il tuo account aziendale per ascoltare il messaggio', 'credential:it'],
      ['Meld u aan met uw zakelijke account om het bericht te beluisteren', 'credential:nl'],
      ['Inicie sessão com a sua conta empresarial para ouvir a mensagem', 'credential:pt'],
      ['Invierò il video a tutti i tuoi contatti', 'extortion:it'],
      ['Ik stuur de video naar al je contacten', 'extortion:nl'],
      ['Vou enviar o vídeo a todos os seus contactos', 'extortion:pt'],
    ]) expect(tags(text!), text).toContain(tag);
    // A QR code to scan with the phone for a purpose (the lure sent without any link); a document received from someone.
    for (const [text, tag] of [
      ['Scan the QR code with your mobile device to review and sign', 'credential:en'],
      ['Scannez le code QR avec votre téléphone pour signer le document', 'credential:fr'],
      ['Scannen Sie den QR-Code mit Ihrem Smartphone, um das Dokument zu prüfen', 'credential:de'],
      ['Escanee el código QR con su móvil para firmar', 'credential:es'],
      ['Scansiona il codice QR con il tuo smartphone per firmare', 'credential:it'],
      ['Scan de QR-code met uw telefoon om het document te ondertekenen', 'credential:nl'],
      ['Digitalize o código QR com o seu telemóvel para assinar', 'credential:pt'],
      ['Sie haben ein neues Dokument von Jan Hoffmann erhalten', 'share:de'],
      ['Hai ricevuto un nuovo documento da Paola', 'share:it'],
      ['Recebeu um novo documento de João', 'share:pt'],
      ['Rachel sent you a file via OneDrive', 'share:en'],
    ]) expect(tags(text!), text).toContain(tag);
    // A ticket or an app link: scanning with a purpose the lure does not have.
    for (const text of ['At the entrance, scan the QR code with your phone or show the printed ticket', 'Scannen Sie den QR-Code mit Ihrem Smartphone, den wir Ihnen zeigen', 'Scannen Sie den QR-Code mit Ihrem Smartphone, um sich anzumelden'])
      expect(tags(text).filter((t) => t.startsWith('credential')), text).toEqual([]);
    // Advance-fee stories in every language.
    for (const [text, tag] of [
      ["Je vous contacte au sujet des fonds de feu mon mari", 'scam:fr'],
      ['Die Gelder meines verstorbenen Mannes… mein verstorbener Mann hinterließ', 'scam:de'],
      ['Los fondos de mi difunto esposo', 'scam:es'],
      ['I fondi del mio defunto marito', 'scam:it'],
      ['Mijn overleden man liet fondsen na', 'scam:nl'],
      ['Preciso de um parceiro estrangeiro', 'scam:pt'],
    ]) expect(tags(text!), text).toContain(tag);
    // A QR code to install an app or to get in at the door asks for nothing.
    for (const text of ["Scannez ce QR code pour télécharger l'application", 'Scannen Sie den QR-Code mit der App', 'Scan this QR code at the entrance']) {
      expect(tags(text).filter((t) => t.startsWith('credential')), text).toEqual([]);
    }
  });
});
