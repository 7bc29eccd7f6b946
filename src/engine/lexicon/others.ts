import type { Lexicon } from './types.js';

/** German basics. */
export const DE: Lexicon = {
  extortion: ['spionage software|programm', 'zugriff auf ihr|ihren|dein|deinen gerat|computer|handy|webcam', 'an alle ihre|deine kontakte', 'in bitcoin|btc', 'bitcoin|btc adresse|wallet', 'erwachsenen|porno websites|seiten'],
  urgency: ['innerhalb von? 24|48|72 stunden', 'umgehend|unverzuglich|dringend', 'letzte mahnung|warnung|erinnerung|chance', 'handeln sie jetzt|sofort', 'lauft heute|bald ab',
    // Der Treuepunkte-Köder: „Ihre Treuepunkte verfallen heute um Mitternacht“.
    'punkte|treuepunkte|bonuspunkte|pramienpunkte verfallen|verfallt heute|morgen|bald|um'],
  threat: [
    // Der Köder der gehackten Wallet: „Ihre Wallet könnte kompromittiert sein“.
    'ihre|deine wallet|kryptowahrung|coins konnte|konnten|ist|wurde|wurden kompromittiert|gehackt|geleert',
    'speicherlimit|speichergrenze erreicht', 'eingehende nachrichten werden zuruckgehalten|blockiert',
    // „andernfalls wird Ihre Reservierung storniert“: was geschieht, wenn der Leser nicht handelt.
    'ihre|deine reservierung|buchung|bestellung wird|wurde storniert|annulliert|geloscht',
    'andernfalls|ansonsten wird ihre|ihr|deine|dein reservierung|buchung|bestellung|konto|zugang',
    'wird deaktiviert|gesperrt|geloscht wenn sie|du es|ihn|das nicht', 'wird deaktiviert|gesperrt|geloscht wenn sie|du nicht',
    'ihr|ihre|dein|deine konto|kundenkonto|karte|zugang|postfach wurde|wird gesperrt|eingeschrankt|deaktiviert|geschlossen|blockiert|geloscht',
    // „… müssen wir Ihr Kundenkonto leider vorübergehend einschränken“.
    'ihr|ihre|dein|deine konto|kundenkonto|zugang leider? vorubergehend|vorlaufig einschranken|sperren',
    // „Ihr Online-Zugang ist vorübergehend gesperrt“.
    'ihr|ihre|dein|deine online? konto|karte|zugang|postfach|banking ist|wurde|wird vorubergehend|vorlaufig|temporar gesperrt|eingeschrankt|deaktiviert|blockiert',
    'ist|wurde ihr|ihre|dein|deine online? konto|karte|zugang|postfach|banking vorubergehend|vorlaufig|temporar? gesperrt|eingeschrankt|deaktiviert|blockiert',
    // "Sperrung" alone is a road closure as often ("wegen der Sperrung der A5"); the lure's is the account's, or
    // the one the reader must avoid ("um eine Sperrung zu vermeiden").
    'kontosperrung|kartensperrung|zugangssperrung',
    'sperrung|einschrankung|deaktivierung ihres|ihrer|deines|deiner|des|der konto|kontos|kundenkontos|zugangs|karte|postfachs|accounts|online',
    'eine|die sperrung|einschrankung|deaktivierung zu vermeiden|verhindern',
    // „Nicht überprüfte Konten werden deaktiviert“: the deadline of a mass "account check".
    'nicht uberprufte|bestatigte|verifizierte|aktualisierte konten|konto werden|wird deaktiviert|gesperrt|geloscht',
    'ungewohnliche|verdachtige|unbefugte aktivitat|aktivitaten|anmeldung|zugriff|transaktion',
    'rechtliche schritte',
    'postfach ist voll',
    'speicher|speicherplatz ist fast? voll',
    'nachrichten wurden zuruckgehalten|blockiert', 'zuruckgehalten~|blockiert~|ausstehend~|wartend~ nachrichten',
    'ihr|dein passwort|kennwort lauft bald|heute? ab', 'ihr|dein passwort|kennwort ist abgelaufen', 'ihr|dein passwort|kennwort wird bald? ablaufen',
    // „Ihr Cloud-Konto wird am 27.11. gesperrt“, „Ihre Fotos und Dateien werden danach gelöscht“, „Ihre Zugangsdaten laufen heute ab“.
    'ihr|ihre|dein|deine cloud|online|e? mail konto|kundenkonto|speicher|zugang wird|wurde gesperrt|geloscht|deaktiviert|gekundigt',
    'konto|kundenkonto|zugang|postfach wird am * * gesperrt|geloscht|deaktiviert|gekundigt',
    'ihre|deine fotos|dateien|daten werden danach|anschliessend|dann|endgultig geloscht|entfernt',
    'ihre|deine fotos|dateien|daten und * werden danach|anschliessend|dann|endgultig? geloscht|entfernt',
    'ihre|deine zugangsdaten laufen|lauft heute|bald ab', 'ihre|deine zugangsdaten sind|werden abgelaufen|ungultig',
  ],
  // Die Anmeldung der eigenen Organisation: Köder der Gehaltsrunde, aber auch die Mitteilung der Personalabteilung.
  org_credential: ['mit ihren firmenzugangsdaten|unternehmenszugangsdaten|firmendaten an'],
  credential: [
    // A wallet's recovery phrase and the connection that signs for it are its credentials: asking for them is a credential request (docs/detection.md "Two independent facts before an accusation").
    // One word each: written as one slot 'wiederherstellungsphrase|seed phrase' it wanted "wiederherstellungsphrase phrase".
    'wiederherstellungsphrase', 'seed phrase',
    'bestatigen|verifizieren|aktualisieren|uberprufen sie heute|jetzt|umgehend|bitte ihre|ihr identitat|daten|konto|angaben|zugangsdaten',
    'erweitern sie ihren|ihr speicher|speicherplatz|postfach', 'an um die|ihre aufnahme|sprachnachricht|nachricht anzuhoren|abzuhoren|abzuspielen',
    // „eine wiederholte Aktivierung von Ihrem Bankkonto“, „das Formular für Ihre Kontobestätigung auszufüllen“:
    // die Kontoprüfung des Bank-Köders, auch mit „von“ statt Genitiv.
    'aktivierung|verifizierung|bestatigung|uberprufung von ihrem|ihrer|deinem|deiner bankkonto|konto|kundenkonto|zugang|identitat',
    'form|formular fur ihre|deine kontobestatigung|kontoverifizierung|kontoprufung|verifizierung',
    'mit ihrer|deiner e? mail adresse? und ihrem|deinem passwort|kennwort',
    'scannen sie den|diesen qr code um ihr|ihre|ihren konto|zugang|identitat|authenticator',
    'scannen sie den|diesen qr code um sich anzumelden',
    'bestatigen|verifizieren|aktualisieren|uberprufen sie? ihre|ihr|deine|dein konto|identitat|daten|angaben|zugangsdaten|passwort|kontodaten',
    'melden sie sich jetzt? an',
    // Der Köder der Website-Verwaltung: „bestätigen Sie Benutzername und Passwort“.
    'bestatigen|verifizieren|uberprufen sie ihren? benutzername|benutzernamen und|oder ihr? passwort|kennwort',
    'zusatzliche autorisation|verifizierung|bestatigung',
    'autorisation|aktivierung|verifizierung ihres|ihrer|des kontos|kontoinhabers|identitat|zugangs',
    'geben sie ihr|ihre passwort|zugangsdaten|pin|kartennummer ein?',
    'klicken sie hier|unten um ihr|ihre|ihren konto|daten|identitat|zugang',
    // German puts the verb last: "Ihre Daten für das Online-Banking zu bestätigen".
    'ihre|ihr|deine|dein daten|konto|zugangsdaten|identitat|angaben|kundendaten|kontodaten zu bestatigen|verifizieren|aktualisieren|uberprufen',
    'ihre|ihr|deine|dein daten|konto|zugangsdaten|identitat|angaben * zu bestatigen|verifizieren|aktualisieren|uberprufen',
    'ihre|ihr|deine|dein daten|konto|zugangsdaten|identitat|angaben * * * zu bestatigen|verifizieren|aktualisieren|uberprufen',
    'ihre|ihr|deine|dein daten|konto|zugangsdaten|identitat|angaben * * * * zu bestatigen|verifizieren|aktualisieren|uberprufen',
    'aktuelles passwort|kennwort beibehalten|behalten',
    'aktuelles|bisheriges passwort|kennwort weiter zu? verwenden|nutzen',
    // Der QR-Code ohne Link, mit Zweck („um das Dokument zu prüfen“); „…, den wir Ihnen zeigen“ und die
    // Einrichtung des Authenticators der eigenen IT („um sich anzumelden“) sind keiner.
    'qr code mit ihrem smartphone|handy|telefon|mobiltelefon|gerat um das|die|den|ihr|ihre|ihren',
    // Die Sprachnachricht, die man erst nach der Anmeldung hört.
    'mit ihrem|deinem * an um die|ihre|deine nachricht|sprachnachricht anzuhoren|abzuhoren|abzuspielen',
    'erneuern|bestatigen|aktualisieren sie die|ihre registrierung|freischaltung',
    'damit ihr|ihre|dein|deine online? banking|konto|zugang nicht gesperrt|eingeschrankt wird',
    // Entsperren, freischalten, reaktivieren im Imperativ: der Köder der gesperrten Bank. Der Infinitiv („Karte
    // entsperren unter Service > Karten“, „um die Karte zu entsperren“) ist die Anleitung der echten Bank.
    'entsperren|reaktivieren sie ihr|ihre|ihren|dein|deine|deinen online? konto|zugang|karte|postfach|banking',
    'schalten sie ihr|ihre|ihren online? konto|zugang|karte|postfach jetzt|sofort? wieder? frei',
    // Anmeldung nur mit der E-Mail-Adresse, um ein Dokument zu öffnen (die Seite fragt das Passwort ab); das
    // Objekt hält „um Ihre Bestellung zu verfolgen“ eines Shops heraus.
    'ihrer|deiner e? mail|email adresse? an um das|die|den|dieses|diese|ihr|ihre? dokument|dokumente|datei|dateien|unterlagen|angebot|vertrag|pdf',
    'anmeldung|login|einloggen mit ihrer|deiner e? mail|email adresse? erforderlich|notwendig|notig',
  ],
  // Bußgeld und Maut: der Köder einer offenen Strafe, die zu zahlen ist.
  // A refund to claim, pending or from the tax office is the lure; a shop's "Erstattung" of a return and its
  // "Gutschein" (a discount) are everyday retail words, as "refund" and "voucher" alone are not lures in English.
  payment: ['bestatigen sie bitte? die zahlung', 'die zahlung von * zu bestatigen', 'offenes|offene|ausstehendes|ausstehende|unbezahltes|unbezahlte bussgeld|verwarngeld|strafzettel|maut|mautgebuhr|mautgebuhren', 'bussgeld|verwarngeld|strafzettel|mautgebuhr|mautgebuhren bezahlen|begleichen|zahlen', 'zahlung des|ihres bussgeldes|verwarngeldes', 'zahlung fehlgeschlagen|abgelehnt|ausstehend', 'zahlungsinformationen|zahlungsdaten|zahlungsmethode aktualisieren', 'zahlungsmethode|zahlungsart|kreditkarte ist|wurde abgelaufen|abgelehnt', 'zahlungsmethode|zahlungsart|kreditkarte abgelaufen|abgelehnt ist|wurde',
    // The free gift that costs only its shipping: the card-capture step of reward and loyalty lures.
    'sie zahlen|ubernehmen nur den|die versand|versandkosten', 'nur noch die versandkosten', 'offene rechnung|forderung|betrag', 'offene|ausstehende gebuhr|gebuhren', 'zollgebuhr|zollgebuhren|versandkosten|liefergebuhr|versandgebuhr|versandgebuhren|zustellgebuhr|bearbeitungsgebuhr', 'steuerruckerstattung', 'ausstehende|offene ruckerstattung|erstattung', 'anspruch auf eine? ruckerstattung|erstattung|steuerruckerstattung', 'ruckerstattung|erstattung beantragen|anfordern', 'sie haben anspruch auf'],
  giftcard: ['geschenkkarte|geschenkkarten|guthabenkarte|guthabenkarten|gutscheinkarte|gutscheinkarten|geschenkgutschein|geschenkgutscheine', 'amazon|apple|itunes|steam|paysafecard gutschein|gutscheine|karte|karten', 'google play gutschein|gutscheine|karte|karten', 'gutscheine|gutscheincodes kaufen|besorgen', 'fotos|bilder der codes|karten|kartenruckseite'],
  wire: ['auslandsuberweisung', 'dringende|eilige|sofortige|vertrauliche uberweisung|bankuberweisung', 'ich brauche dich|sie fur eine uberweisung|zahlung', 'du|sie musst|mussen fur mich kaufen|besorgen|uberweisen', 'vertrauliche angelegenheit|zahlung|uberweisung'],
  pretext: ['sind sie verfugbar|erreichbar', 'bist du gerade? verfugbar|erreichbar', 'bitte vertraulich behandeln', 'bleibt|bleib unter uns', 'streng vertraulich'],
  bank_change: ['neue bankverbindung|kontoverbindung|iban|kontonummer', 'anderung der bankverbindung|kontodaten', 'unsere|meine bankverbindung|kontoverbindung|iban geandert', 'unsere|meine bankverbindung|kontoverbindung|iban hat sich geandert', 'bankwechsel', 'die bank gewechselt'],
  // Wishes and raffles are everyday words (a birthday, a club's Christmas raffle): as in English, the wish counts
  // when it turns to the reader, the raffle when it names a win. A "Gewinnspiel" (a sweepstake) is the lure's word.
  known_channel: ['bekannte|bekannten|ubliche|ublichen|gewohnte|gewohnten nummer|telefonnummer|rufnummer', 'nummer|telefonnummer auf unserer website|webseite|homepage|rechnungen', 'ihren|ihrem bekannten|gewohnten|ublichen ansprechpartner'],
  prize: ['herzlichen gluckwunsch sie|ihr|ihre|du|dein|deine', 'sie haben gewonnen', 'sie wurden ausgewahlt', 'gewinn|preis|belohnung abholen|einlosen|sichern', 'jetzt gewinnen', 'an andere gewinner', 'bestatigen|sichern|aktivieren sie ihren|ihre|ihr gutschein|gewinn|preis|geschenk', 'gratis|kostenlos teilnehmen', 'chance auf ein|einen|eine kostenlos~|gratis', 'sie wurden heute? fur unsere|unser|das|die verlosung|gewinnspiel', 'gewinnspiel', 'gewinner|gewinnerin des|der|unseres|unserer verlosung', 'verlosung gewonnen', 'zu den auserwahlten|finalisten|glucklichen', 'einer|eine der auserwahlten|finalisten|glucklichen', 'wir gratulieren ihnen', 'kostenlos|gratis geschenk|iphone'],
  scam: ['freispiele', 'ohne einzahlung',
    // Domain-Slamming: eine „Suchmaschinen-Eintragung“ der Domain, als wäre sie deren Verlängerung, mit dem Hinweis „keine Rechnung“.
    'suchmaschinen eintragung|registrierung ihrer domain', 'nicht zur zahlung verpflichtet solange|sofern|wenn|bis',
    // Köder der Sammelklage: „Ihnen könnten bis zu 10.000 € Entschädigung zustehen“, „prüfen Sie kostenlos Ihren Anspruch“.
    'entschadigung|schadensersatz|ruckzahlung zustehen', 'ihnen stehen bis zu', 'prufen sie jetzt? kostenlos ihren anspruch', 'anspruch jetzt? kostenlos prufen', 'bitcoin|krypto gewinn|gewinne|investition|handel', 'passives einkommen', 'potenzmittel', 'erektion~', 'singles in ihrer nahe', 'abnehmen ohne', 'gelenkschmerzen', 'aphrodisiak~', 'ihr guthaben wurde aufgeladen', 'mein verstorbener mann|ehemann|vater|kunde', 'nachster angehoriger|verwandter', 'nicht beanspruchte gelder|fonds', 'millionen us? dollar', 'auslandischen partner', 'begunstigter des|der fonds|erbschaft|nachlasses', 'ukrainische|russische frauen|madchen|singles|schonheiten', 'heisse singles|frauen', 'sucht einen liebhaber', 'schnellen gewichtsverlust', 'gewichtsverlust gummies|kapseln'],
  greeting: ['sehr geehrter|geehrte|liebe|lieber kunde|kundin|nutzer|benutzer|mitglied'],
  share: ['hat * fur sie|dich freigegeben|geteilt', 'hat * * fur sie|dich freigegeben|geteilt', 'hat * * * fur sie|dich freigegeben|geteilt', 'hat ihnen|dir ein|eine|das|die geschutzte|sichere|neue? dokument|dokumente|datei|dateien gesendet|geschickt|freigegeben', 'sie haben ein|eine|neue? geschutzte|sichere? dokument|dokumente|datei|dateien erhalten', 'sie haben ein|eine neue~|geschutzte~|sichere~ dokument|dokumente|datei|dateien von|erhalten'],
  archive_password: ['passwort|kennwort fur das? archiv|datei|dokument|anhang|zip', 'passwort|kennwort lautet'],
  crypto: ['verifizieren|validieren|synchronisieren sie ihre|ihr wallet',
    // Der Wallet-Köder: „Sichern Sie Ihre Wallet“, „fordern Sie Ihre Tokens an“.
    'sichern|verbinden|schutzen sie ihre|ihr|deine|dein wallet', 'ihr|ihre|dein|deine gerat|wallet jetzt? mit|uber unserem|unseren online|web scan|tool|check', 'wallet|wallets jetzt? sichern|verbinden|verifizieren|synchronisieren', 'fordern sie ihre|deine tokens|token|coins an', 'tokens|token|coins beanspruchen|einfordern|abholen'],
};

/** Spanish basics. */
export const ES: Lexicon = {
  extortion: ['software|programa espia', 'acceso a tu|su ordenador|dispositivo|computadora|telefono|camara', 'a todos tus|sus contactos', 'en bitcoin|btc', 'direccion|billetera|monedero bitcoin|btc', 'sitios|paginas para adultos|porno'],
  urgency: ['en las proximas? 24|48|72 horas', 'inmediatamente|urgente|urgencia', 'ultimo|ultima aviso|advertencia|recordatorio|oportunidad', 'actue ahora|inmediatamente', 'vence|caduca|expira hoy|pronto|manana'],
  threat: [
    'la contrasena de su|tu buzon|correo|cuenta caduca|expira|vence', 'ha alcanzado su|el limite de almacenamiento', 'mensajes entrantes estan retenidos|bloqueados',
    'su|tu reserva|pedido sera cancelad~|anulad~|eliminad~', 'su|tu reserva|pedido ha sido cancelad~|anulad~',
    'de lo contrario su|tu reserva|pedido|cuenta|acceso',
    'su|tu cuenta|tarjeta|acceso|buzon ha? sido|sera|esta suspendid~|bloquead~|limitad~|restringid~|desactivad~|cerrad~|cancelad~',
    'actividad|acceso|transaccion|inicio inusual|sospechos~',
    'actividad|acceso|transaccion no autorizad~',
    'acciones|medidas legales',
    'notificacion|citacion judicial|extrajudicial', 'demanda|proceso judicial',
    'buzon lleno',
    'mensajes|correos retenidos|bloqueados|en cuarentena', 'han sido retenidos|bloqueados por',
    'libere|liberar|libera sus|tus|los mensajes|correos',
    'almacenamiento|espacio esta casi? lleno', 'almacenamiento en * esta lleno|casi', 'te|se estas|esta quedando sin espacio|almacenamiento',
    'su|tu contrasena expira|caduca|vence', 'su|tu contrasena ha caducado|expirado',
  ],
  credential: [
    // A form that asks for the booking's data under a threat of cancellation ("complete el formulario e indique su número de reserva").
    'complete|rellene|cumplimente el formulario e indique|con su|sus numero|datos',
    // A wallet's recovery phrase and the connection that signs for it are its credentials: asking for them is a credential request (docs/detection.md "Two independent facts before an accusation").
    'frase de recuperacion|semilla',
    'seguir usando|utilizando su|tu contrasena actual', 'mantener|conservar su|tu contrasena actual', 'amplie|ampliar su|tu espacio|almacenamiento|buzon',
    'con su|tu correo electronico? y contrasena',
    'escanee|escanea el|este codigo qr para verificar|confirmar|reactivar|validar|acceder|iniciar|desbloquear',
    'verifique|verifica|confirme|confirma|actualice|actualiza|valide|valida|reactive su|tu|sus|tus cuenta|identidad|datos|informacion|contrasena|credenciales',
    // "Inicia sesión" alone is every bank's and shop's "sign in"; the lure signs in to verify or unlock (as in English).
    'inicie|inicia sesion para verificar|confirmar|validar|desbloquear|restablecer|reactivar|actualizar|evitar|proteger|mantener',
    // Desbloquear o restablecer la cuenta: el señuelo del banco bloqueado.
    'desbloquee|desbloquea|restablezca|restablece su|tu cuenta|tarjeta|acceso|buzon|banca',
    'introduzca|ingrese|introduce|ingresa su|tu contrasena|clave|pin|numero|datos',
    'haga|haz clic aqui para verificar|confirmar|actualizar|validar',
    'mantener|conservar su|tu? contrasena actual',
    'inicie|inicia sesion con su|tu cuenta * para escuchar|reproducir',
    'codigo qr con su|tu movil|telefono|celular|dispositivo|camara para revisar|firmar|verificar|validar|confirmar|acceder|desbloquear|actualizar',
    // Iniciar sesión solo con el correo para abrir un documento (la página pide la contraseña).
    'su|tu correo|email electronico? para ver|acceder|abrir|descargar|consultar|visualizar a|al? el|los|la|las|este|esta? documento|documentos|archivo|archivos|fichero|ficheros|presupuesto|propuesta|contrato|pdf',
    'acceda|accede|acceder al|a? documento|documentos|archivo|archivos|fichero|presupuesto|pdf con su|tu correo|email',
  ],
  // Multas y peajes: el señuelo de una sanción que pagar.
  payment: ['confirme|confirma|confirmar el pago de', 'multa|sancion|peaje pendiente|pendientes|impagada|impagado', 'multa de trafico|transito pendiente|impagada', 'pague|paga|abone|abona su|tu|la multa|sancion', 'pago rechazado|fallido|pendiente', 'actualice|actualiza su|tu metodo|informacion de? pago', 'actualice|actualiza|actualizar los|sus|tus? datos de su|tu|la? tarjeta', 'factura pendiente|impagada|vencida', 'gastos|tasas|tarifa de envio|aduana|entrega', 'pague|pagar|abone|abonar los aranceles', 'aranceles de aduana|importacion', 'reembolso|devolucion de impuestos', 'tiene|tienes derecho a un? reembolso'],
  // "Vale" alone is also "OK" (and Italian "is worth", Portuguese "voucher"); a coupon is a discount. Gift vouchers stay.
  giftcard: ['tarjeta|tarjetas de? regalo', 'vale|vales|cupon|cupones de? regalo', 'fotos de los codigos|tarjetas'],
  wire: ['transferencia urgente|internacional', 'transferencia bancaria urgente|internacional', 'necesito que compres|compre|hagas|haga|realices|realice'],
  pretext: ['estas disponible', 'esta usted disponible', 'que quede entre nosotros', 'mantenlo|mantengalo en secreto|confidencial'],
  bank_change: ['nueva cuenta bancaria', 'cambio de cuenta bancaria', 'cambio de datos bancarios', 'cambiado de banco', 'actualicen|actualice|actualiza|actualizar nuestros|mis datos bancarios', 'nuestros|mis datos bancarios han cambiado', 'nuevo iban|numero de cuenta'],
  known_channel: ['numero habitual', 'numero de telefono habitual', 'numero de siempre', 'numero que aparece|figura en nuestras facturas|nuestra web', 'su|tu interlocutor|contacto habitual'],
  prize: ['felicidades|enhorabuena usted|tu|ha|has', 'usted|tu ha|has ganado', 'ha|has sido seleccionad~|elegid~|premiad~', 'reclame|reclama|obtenga|obten su|tu premio|regalo|recompensa', 'ganador|ganadora|ganadores de|del? la|nuestro|nuestra? sorteo|loteria', 'premio de|del? la? sorteo|loteria'],
  scam: ['giros gratis', 'sin deposito', 'ingresos pasivos', 'perder peso', 'mujeres solteras', 'herencia de|del', 'inversion en bitcoin|cripto|criptomonedas', 'propuesta de inversion|negocio', 'busco|buscando un hombre|novio|marido', 'mujer|chica solitaria', 'mi difunto esposo|marido|padre|cliente', 'pariente mas cercano', 'soy el abogado personal', 'ayudarme a repatriar', 'fondos no reclamados', 'millones de dolares', 'socio extranjero', 'beneficiario de los|del fondos|fondo|herencia', 'mujeres|chicas|solteras ucranianas|rusas', 'busco un amante', 'perdida de peso rapida'],
  greeting: ['estimado|estimada|querido|querida cliente|usuario|usuaria|miembro'],
  share: ['te|le|les ha compartido|enviado un|el|los documento|documentos|archivo|archivos|fichero|ficheros|carpeta', 'ha compartido un|el|los documento|documentos|archivo|archivos|fichero|carpeta contigo|con usted', 'ha recibido un|nuevos? documento|documentos|archivo|archivos|fichero|mensaje seguro|protegido|cifrado'],
  archive_password: ['contrasena del archivo|documento|fichero|zip', 'la contrasena es'],
  crypto: ['verifique|verifica|valide|valida su|tu billetera|cartera|wallet'],
};

/** Italian basics. */
export const IT: Lexicon = {
  extortion: ['software|programma spia', 'accesso al tuo|suo dispositivo|computer|telefono|webcam', 'a tutti i tuoi|suoi contatti', 'indirizzo|portafoglio bitcoin|btc', 'siti per adulti|porno', 'ti ho registrato|filmato'],
  // "Subito" alone is everyday Italian ("ti rispondo subito") and a marketplace's name; the lure's is an order to act now.
  urgency: ['entro 24|48|72 ore', 'immediatamente|urgente', 'agisci|agire|aggiorna|aggiornare|verifica|verificare|conferma|confermare|clicca|accedi|paga|pagare|regolarizza subito', 'ultimo|ultima avviso|promemoria|possibilita', 'agisci|agisca ora|subito', 'scade oggi|presto|domani'],
  threat: [
    'la password della tua|sua casella|posta|account scade', 'ha raggiunto il limite di spazio|archiviazione',
    'la tua|sua prenotazione sara annullat~|cancellat~', 'la tua|sua prenotazione e stata annullat~|cancellat~', 'il tuo|suo ordine sara annullat~|cancellat~', 'il tuo|suo ordine e stato annullat~|cancellat~',
    'altrimenti la tua|sua prenotazione', 'altrimenti il tuo|suo ordine|account|conto|accesso',
    'suo|sua|tuo|tua conto|carta|account|accesso|casella e? stato|stata|sara|verra sospes~|bloccat~|limitat~|disattivat~|chius~',
    'suo|sua|tuo|tua conto|carta|account|accesso|casella e? stato|stata temporaneamente|momentaneamente sospes~|bloccat~|limitat~|disattivat~',
    'attivita|accesso|transazione insolit~|sospett~',
    'attivita|accesso|transazione non autorizzat~',
    'azioni legali',
    'casella di posta piena',
    'messaggi|email trattenuti|trattenute|bloccati|bloccate|in quarantena', 'messaggi|email in arrivo in sospeso', 'messaggi|email in arrivo? sono stati trattenuti|bloccati',
    'sblocca|sblocchi|rilascia|rilasci i|le messaggi|email',
    'spazio di? archiviazione e|quasi pieno|esaurito',
    'la tua|sua password scade|scadra', 'la tua|sua password e scaduta', 'la tua|sua password sta per scadere',
  ],
  // Le credenziali dell'organizzazione: esca della revisione salariale, ma anche l'avviso delle Risorse Umane.
  org_credential: ['con le tue|sue|vostre? credenziali aziendali'],
  credential: [
    // A wallet's recovery phrase and the connection that signs for it are its credentials: asking for them is a credential request (docs/detection.md "Two independent facts before an accusation").
    'frase di recupero',
    'continuare a usare|utilizzare la tua|sua? password attuale', 'mantieni|mantenere la tua|sua? password attuale', 'aumenta|aumentare lo spazio|archiviazione', 'account di? posta? per ascoltare',
    'con la? tua|sua|vostra email|mail|posta e password',
    'scansiona|scansioni|inquadra|inquadri il|questo codice qr per verificare|confermare|riattivare|accedere|sbloccare|aggiornare', 'scansiona|scansioni|inquadra|inquadri il|questo qr code per verificare|confermare|riattivare|accedere|sbloccare|aggiornare',
    'verifica|verifichi|conferma|confermi|aggiorna|aggiorni|riattiva il|la|i|le suo|sua|suoi|tuo|tua|tuoi account|conto|identita|dati|informazioni|password|credenziali',
    'accedi|acceda al|alla tuo|suo|tua|sua? conto|account|area',
    // Sbloccare il conto: l'esca del conto bloccato.
    'sblocca|sblocchi|ripristina|ripristini subito|ora|adesso? il|la tuo|tua|suo|sua conto|account|carta|accesso|casella',
    'inserisci|inserisca la|il tua|sua|tuo|suo password|pin|codice|numero',
    'clicca|clicchi qui per verificare|confermare|aggiornare|sbloccare',
    'completa|completi la verifica del|della tuo|tua|suo|sua profilo|account|conto|identita',
    'accedi|acceda con il tuo|suo account * per ascoltare|riprodurre',
    'codice qr con il|lo tuo|suo? smartphone|telefono|cellulare per verificare|firmare|confermare|accedere|sbloccare|aggiornare|visualizzare',
    // Le credenziali nominate: « accedi con le credenziali Microsoft » (il portale autentico dice « accedi »).
    'con le tue|sue|vostre? credenziali microsoft|office|email', 'con le tue|sue|vostre? credenziali di posta|rete|dominio',
    // Accedere con la sola email per aprire un documento (la pagina chiede la password).
    'tua|sua|tuo|suo indirizzo? email|mail per visualizzare|aprire|scaricare|consultare|leggere|accedere al|ai|il|la|i|le|questo|questa? documento|documenti|file|preventivo|contratto|pdf',
  ],
  // Multe e pedaggi: l'esca di una sanzione da pagare, all'imperativo (« paghi la sanzione »): « può pagare la
  // sanzione » descrive come pagare nell'avviso autentico di un Comune.
  payment: ['conferma|confermi|confermare il pagamento di', 'paghi|paga|saldi|salda il|la|l verbale|multa|sanzione|contravvenzione', 'multa|sanzione|contravvenzione|pedaggio non pagata|pagato', 'multa|sanzione|contravvenzione|pedaggio da pagare', 'multa|sanzione|contravvenzione|pedaggio insoluta|insoluto', 'pagamento rifiutato|non riuscito|in sospeso', 'aggiorna|aggiorni il|i metodo|dati di? pagamento', 'fattura non pagata|in sospeso|scaduta', 'spese di spedizione|doganali|consegna', 'dazi doganali', 'pagamento dei dazi', 'rimborso fiscale', 'hai|ha diritto a un? rimborso'],
  giftcard: ['carta|carte regalo', 'buono|buoni regalo|acquisto', 'foto dei codici|delle carte'],
  wire: ['bonifico urgente|estero', 'bonifico bancario urgente|estero', 'ho bisogno che tu? acquisti|compri|faccia|effettui'],
  pretext: ['sei disponibile', 'resta|rimanga|rimane tra noi', 'e disponibile adesso|ora', 'e disponibile in questo momento'],
  bank_change: ['nuovo conto|iban', 'cambio|modifica coordinate|iban|conto bancarie?', 'cambiato banca', 'aggiornare|aggiornate le? nostre|mie coordinate bancarie', 'variazione delle? coordinate|iban', 'nuove coordinate bancarie'],
  known_channel: ['numero abituale', 'numero di telefono abituale', 'numero di sempre', 'numero indicato|riportato sulle nostre fatture|sul nostro sito', 'vostro|tuo|suo referente abituale'],
  prize: ['congratulazioni hai|ha|sei|lei|tu|il|la|tuo|tua|suo|sua', 'hai|ha vinto', 'sei|e stato selezionat~|scelt~', 'riscatta|richiedi|ottieni il|la tuo|suo|tua|sua premio|regalo|ricompensa', 'vincitore|vincitrice|vincitori dell|della|del estrazione|lotteria|concorso', 'la tua|sua occasione|opportunita|chance e arrivata', 'concorso a premi'],
  scam: ['giri gratis', 'senza deposito', 'reddito passivo', 'perdere peso', 'donne single', 'eredita di|del', 'investimento in bitcoin|cripto|criptovalute', 'proposta di investimento|affari', 'mio defunto marito|padre|cliente', 'mio marito|padre defunto', 'parente piu prossimo', 'sono l avvocato personale', 'aiutarmi a rimpatriare', 'fondi non reclamati', 'milioni di dollari', 'partner straniero', 'beneficiario dei|del fondi|fondo|eredita', 'donne|ragazze ucraine|russe', 'cerco un amante', 'perdita di peso rapida'],
  greeting: ['gentile|caro|cara cliente|utente|membro'],
  share: ['ha condiviso con te|lei|voi un|il|i documento|documenti|file|cartella', 'ti|le|vi ha inviato|condiviso un|il|i documento|documenti|file|cartella', 'ha condiviso un|il|i documento|documenti|file|cartella con te|lei|voi', 'hai|ha ricevuto un|nuovi? documento|documenti|file|messaggio protetto|sicuro|crittografato', 'hai|ha ricevuto un nuovo documento|file da'],
  archive_password: ['password dell? archivio|file|documento|zip', 'la password e'],
  crypto: ['verifica|verifichi|convalida il tuo|suo wallet|portafoglio'],
};

/** Dutch basics. */
export const NL: Lexicon = {
  extortion: ['spionagesoftware', 'toegang tot je|uw apparaat|computer|telefoon|webcam', 'naar al je|uw contacten', 'bitcoin|btc adres|portemonnee|wallet', 'websites|sites voor volwassenen', 'heb je|u opgenomen|gefilmd'],
  urgency: ['binnen 24|48|72 uur', 'onmiddellijk|dringend|spoed', 'laatste waarschuwing|herinnering|kans|aanmaning', 'verloopt vandaag|binnenkort|morgen'],
  threat: ['wachtwoord van uw|je mailbox|account verloopt', 'opslaglimiet bereikt', 'inkomende berichten worden vastgehouden|geblokkeerd', 'uw|je reservering|boeking|bestelling wordt|is geannuleerd|verwijderd', 'anders wordt uw|je reservering|boeking|bestelling|account|rekening|toegang|website|site|mailbox', 'uw|je rekening|account|pas|kaart|toegang is|wordt geblokkeerd|opgeschort|beperkt|gedeactiveerd|gesloten', 'uw|je rekening|account|pas|kaart|betaalpas|toegang is|wordt tijdelijk|voorlopig geblokkeerd|opgeschort|beperkt|gedeactiveerd', 'uw|je wachtwoord verloopt|is verlopen', 'opslag|opslagruimte is bijna? vol', 'ongebruikelijke|verdachte activiteit|aanmelding|inlogpoging|transactie', 'juridische stappen', 'berichten zijn vastgehouden|geblokkeerd|tegengehouden', 'vastgehouden|geblokkeerde|wachtende berichten', 'berichten vrijgeven'],
  // Inloggen bij de eigen organisatie: het lokaas van de salarisronde, maar ook de mededeling van HR en ICT.
  org_credential: ['log in met uw|je bedrijfsgegevens|bedrijfsaccount|werkaccount'],
  credential: [
    // A wallet's recovery phrase and the connection that signs for it are its credentials: asking for them is a credential request (docs/detection.md "Two independent facts before an accusation").
    'herstelzin','bevestig|verifieer|controleer vandaag|nu|direct|snel uw|je identiteit|gegevens|account|rekening', 'huidige wachtwoord blijven gebruiken|behouden', 'huidige wachtwoord te blijven gebruiken', 'vergroot|vergroten uw|je opslag|opslagruimte|mailbox', 'mailaccount|emailaccount|account om de|het|uw bericht|opname|voicemail te beluisteren', 'bevestig|verifieer|controleer|update|activeer uw|je account|identiteit|gegevens|wachtwoord|rekening', 'voer uw|je wachtwoord|pincode|gegevens in?', // Ontgrendelen in de gebiedende wijs: het lokaas van de geblokkeerde rekening.
    'ontgrendel|deblokkeer|heractiveer uw|je account|rekening|pas|betaalpas|toegang|mailbox', 'met uw|je e? mailadres|emailadres|email|mail en wachtwoord', // Inloggen met alleen het e-mailadres om een document te openen (de pagina vraagt het wachtwoord).
    'met uw|je e? mailadres|emailadres|email|mail om het|de|dit|deze|uw|je document|documenten|bestand|bestanden|offerte|overeenkomst|contract|pdf', 'scan de|deze qr code om te verifieren|bevestigen|herstellen|activeren', 'qr code om uw|je account|toegang|identiteit te verifieren|bevestigen|herstellen|activeren', 'klik hier om te bevestigen|verifieren|controleren', 'account om het|de bericht|voicemail|voicemailbericht te beluisteren', 'qr code met uw|je telefoon|smartphone|mobiel om het|de|uw|je', 'qr code met uw|je telefoon|smartphone|mobiel en log|meld in|aan', 'uw|je huidige wachtwoord te? behouden|houden|bewaren',
    // The infinitive at the end of a Dutch clause: "log in om uw wachtwoord te bevestigen".
    'uw|je wachtwoord|inloggegevens|gegevens|identiteit te bevestigen|verifieren|controleren'],
  // Boetes en tol: het lokaas van een boete die betaald moet worden.
  // A tax refund, a pending refund or one to claim is the lure; "terugbetaling" of a return and a shop's "cadeaubon" are not.
  payment: ['bevestig|bevestigen de betaling van', 'openstaande|onbetaalde boete|verkeersboete|parkeerboete|naheffingsaanslag|tolheffing', 'betaal|voldoe uw|je|de boete|verkeersboete|parkeerboete', 'betaling mislukt|geweigerd|openstaand', 'openstaande factuur|betaling|bedrag', 'verzendkosten|invoerrechten|douanekosten|bezorgkosten', 'belastingteruggave|belastingrestitutie', 'teruggave|terugbetaling|restitutie van belasting|belastingen|inkomstenbelasting', 'openstaande|uitstaande terugbetaling|restitutie|teruggave', 'recht op een? terugbetaling|restitutie|teruggave', 'terugbetaling|restitutie|teruggave aanvragen|claimen'],
  giftcard: ['cadeaukaart|cadeaukaarten', 'cadeaubon|cadeaubonnen|waardebonnen kopen|halen|aanschaffen', 'foto van de codes|kaarten'],
  wire: ['spoedoverboeking|spoedbetaling', 'dringende|spoedige|buitenlandse overboeking|bankoverschrijving|betaling', 'ik heb je|u nodig voor een betaling|overboeking|aankoop', 'kun|kunt je|u voor mij iets? kopen|betalen|overmaken'],
  pretext: ['ben|bent je|u beschikbaar', 'houd|hou het|dit onder ons|vertrouwelijk'],
  bank_change: ['nieuw rekeningnummer|bankrekeningnummer', 'nieuwe iban|bankgegevens', 'wijziging van? bankgegevens|rekeningnummer', 'ons|mijn rekeningnummer|iban is gewijzigd|veranderd', 'overgestapt naar een andere bank'],
  known_channel: ['gebruikelijke|bekende telefoonnummer|nummer', 'nummer|telefoonnummer op onze website|facturen', 'uw|je vaste contactpersoon'],
  prize: ['gefeliciteerd u|je|jij|uw', 'u|je hebt|heeft gewonnen', 'u|je bent geselecteerd|uitgekozen|gekozen', 'win een|uw|je beloning|prijs|cadeau', 'claim|ontvang uw|je prijs|beloning|cadeau', 'winnaar van de|onze loterij|winactie', 'loterij|winactie gewonnen'],
  scam: ['gratis spins', 'zonder storting', 'verdien|verdienen * per dag vanuit|van huis', 'eenvoudige online taken|opdrachten', 'passief inkomen', 'afvallen zonder', 'vrouwen|meisjes|singles ontmoeten|daten', 'mooie vrouwen|meisjes', 'beleggen in bitcoin|crypto', 'mijn overleden man|echtgenoot|vader|klant', 'naaste familielid', 'niet opgeeiste fondsen|gelden', 'miljoen dollar', 'buitenlandse partner', 'begunstigde van de|het fonds|nalatenschap|erfenis', 'oekraiense|russische vrouwen|meisjes|singles|schoonheden|dames', 'hete singles|vrouwen|meiden', 'ze is single', 'op zoek naar een minnaar|sekspartner', 'snel afvallen', 'opzoek|zoek naar een spannende afspraak|date|ontmoeting|vrouw|man', 'spannende afspraak|date in je|jouw buurt'],
  greeting: ['beste|geachte klant|gebruiker|lid'],
  share: ['heeft een|het beveiligd|beveiligde|nieuw|nieuwe? document|documenten|bestand|bestanden|map met u|je gedeeld', 'heeft * * met u|je gedeeld', 'heeft u|je een|het beveiligd|nieuw? document|bestand|bestanden gestuurd|verzonden', 'u heeft|hebt een nieuw|beveiligd? document|bestand|bericht ontvangen'],
  archive_password: ['wachtwoord van het? archief|bestand|document|zip', 'het wachtwoord is'],
  crypto: ['verifieer|valideer uw|je wallet|portemonnee'],
};

/** Portuguese basics. */
export const PT: Lexicon = {
  extortion: ['software|programa espiao', 'acesso ao seu|teu dispositivo|computador|telemovel|celular|webcam', 'a todos os seus|teus contatos|contactos', 'endereco|carteira bitcoin|btc', 'sites para adultos', 'gravei|filmei voce'],
  urgency: ['nas proximas? 24|48|72 horas', 'imediatamente|urgente|urgencia', 'ultimo|ultima aviso|lembrete|oportunidade', 'expira|vence hoje|em breve|amanha'],
  threat: ['inicio de sessao invulgar|incomum|suspeito', 'acesso invulgar|incomum|suspeito', 'a senha da sua caixa|conta expira|vence', 'atingiu o limite de armazenamento', 'mensagens recebidas estao retidas|bloqueadas', 'sua reserva|encomenda sera|foi cancelad~|anulad~', 'caso contrario a? sua reserva|encomenda|conta', 'sua|seu|a|o conta|cartao|acesso foi|sera|esta|seja suspens~|bloquead~|limitad~|desativad~|encerrad~', 'em processo de expiracao|bloqueio|cancelamento', 'armazenamento|espaco esta cheio|quase|lotado', 'armazenamento do|no * esta cheio|quase|lotado', 'sua senha expira|expirou|expirara|vence|venceu', 'sua palavra passe expira|expirou|caduca', 'sua palavra passe vai expirar',
    'mensagens|emails retidas|retidos|bloqueadas|em quarentena', 'liberte|libere|liberar as|suas mensagens|emails', 'atividade|acesso|transacao|login incomum|suspeit~', 'atividade|acesso|transacao nao autorizad~', 'acoes|medidas judiciais|legais', 'intimacao|notificacao|citacao judicial|extrajudicial|oficial', 'processo judicial|trabalhista|criminal', 'acao trabalhista|judicial'],
  // A conta ou as credenciais da própria organização: isco da revisão salarial, mas também o aviso dos RH.
  org_credential: ['inicie|iniciar sessao com a|as|o sua|suas|seu conta|credenciais empresarial|corporativa|corporativas|profissional|profissionais', 'inicie|iniciar sessao com a|as|o sua|suas|seu conta|credenciais da empresa'],
  credential: [
    // A wallet's recovery phrase and the connection that signs for it are its credentials: asking for them is a credential request (docs/detection.md "Two independent facts before an accusation").
    'frase de recuperacao','confirme|verifique|valide hoje|agora|ja a? sua|seu identidade|conta|dados', 'continuar a usar|utilizar a sua? senha atual', 'continuar a usar|utilizar a sua? palavra passe atual', 'manter a sua? senha atual', 'aumente|aumentar o espaco|armazenamento', 'verifique|confirme|atualize|valide|reative sua|seu|seus|suas conta|identidade|dados|informacoes|senha|credenciais', 'verifique|confirme|atualize|valide os|a|o seus|sua|seu dados|conta|identidade|credenciais|codigos', 'informe|envie|digite|confirme seus? dados|codigos de acesso', 'codigo|codigos do? cartao matriz', 'faca login', // Desbloquear o acesso no imperativo: o isco da conta bloqueada.
    'desbloqueie|reative|reactive|restaure o|a? seu|sua|teu|tua acesso|conta|cartao', 'escaneie|digitalize|leia o|este codigo qr para verificar|confirmar|reativar|validar|acessar|desbloquear|atualizar', 'escaneie|digitalize|leia o|este qr code para verificar|confirmar|reativar|validar|acessar|desbloquear|atualizar', 'acesse sua conta', 'entre|acesse|informe com? seu|sua email|usuario|login|cpf e senha', 'entre|acesse|informe com? seu e mail e senha', 'digite|insira|informe sua|seu senha|pin|numero', 'clique aqui para verificar|confirmar|atualizar|validar', 'manter|mantenha a|sua? senha atual|antiga',
    // European Portuguese names the password "palavra-passe" and signs in with "iniciar sessão".
    'seu|sua e? mail|email|utilizador e palavra passe', 'e a sua palavra passe', 'introduza|insira|indique a sua? palavra passe|pin', 'manter|mantenha a sua? palavra passe atual', 'inicie|iniciar sessao para verificar|confirmar|validar|desbloquear|reativar|atualizar|evitar|proteger|manter', 'sessao com a|o sua|seu conta * para ouvir|reproduzir|escutar', // Iniciar sessão só com o e-mail para abrir um documento (a página pede a palavra-passe).
    'seu|teu e? mail|email para abrir|ver|aceder|acessar|consultar|visualizar|descarregar|baixar o|os|a|ao|aos|este|esta? documento|documentos|ficheiro|ficheiros|arquivo|arquivos|proposta|orcamento|contrato|pdf', 'codigo qr com o? seu|sua telemovel|celular|telefone|smartphone para rever|assinar|verificar|validar|confirmar|aceder|acessar|desbloquear|atualizar', 'continuar usando|utilizando a|sua? senha atual', 'atualizacao|confirmacao|validacao|regularizacao de|dos seus? dados cadastrais|cadastro'],
  // Multas, coimas e portagens: o isco de uma sanção a pagar.
  // "Reembolso" of a return is everyday retail; a pending or tax refund, or one to claim, is the lure.
  payment: ['confirme|confirmar o pagamento de|da|do', 'pague|liquide a? sua? multa|coima', 'multa|coima|portagem|portagens por pagar', 'multa|coima|portagem|portagens em divida|atraso', 'multa|coima|portagem|portagens pendente|pendentes', 'pagamento recusado|falhou|pendente', 'atualize seus dados', 'atualize a|sua? forma de pagamento', 'fatura pendente|vencida|em aberto', 'taxa|taxas de envio|alfandega|entrega', 'taxa alfandegaria|aduaneira', 'taxas alfandegarias|aduaneiras', 'pagamento de uma? taxa', 'pagamento dos|de portes', 'pagamento da|das taxa|taxas', 'restituicao', 'reembolso pendente', 'reembolso de|do imposto|impostos|irs|irpf', 'tem|tens direito a um|uma? reembolso', 'reclamar|reclame|solicitar|solicite o|seu? reembolso', 'multa de transito', 'atraso no pagamento', 'regularize|regularizar sua|seu situacao|pendencia|pendencias|debito|debitos'],
  giftcard: ['cartao|cartoes de? presente', 'vale|vales presente', 'cartao|cartoes oferta|presente da apple|amazon', 'fotos dos codigos|cartoes'],
  wire: ['transferencia urgente|internacional', 'transferencia bancaria urgente|internacional', 'preciso que compres|compre|facas|faca|efetues|efetue'],
  pretext: ['voce esta disponivel', 'fica|fique entre nos', 'esta disponivel agora', 'esta disponivel neste momento'],
  bank_change: ['nova conta bancaria', 'alteracao de? dados bancarios', 'mudamos|mudei de banco', 'atualizem|atualize|atualizar os? nossos|meus dados bancarios', 'nossos|meus dados bancarios foram alterados', 'novo iban|nib'],
  // "número habitual", "número de sempre": the Spanish entries read them (one matcher over every language).
  known_channel: ['numero de telefone habitual', 'numero que consta nas nossas faturas|no nosso site', 'numero indicado nas nossas faturas|no nosso site', 'seu|teu interlocutor|contacto habitual'],
  prize: ['parabens voce|seu|sua|foi', 'voce ganhou', 'voce foi selecionad~|escolhid~|premiad~', 'resgate|receba seu premio|presente|recompensa', 'ganhador|ganhadora|vencedor|vencedora do|da|de? nosso|nossa? sorteio|loteria', 'premio do|da sorteio|loteria', 'o seu|teu endereco de? e? mail|email foi selecionado|sorteado|premiado', 'reclamar|reclame|resgatar o seu|teu premio'],
  scam: ['giros gratis', 'sem deposito', 'renda|rendimento passiva|passivo', 'perder peso', 'mulheres solteiras', 'heranca de|do', 'investimento em bitcoin|cripto|criptomoedas', 'pontos para resgatar|resgate', 'voce tem pontos', 'seus pontos estao expirando|vao expirar', 'pontos pendentes de? liberacao', 'troque seus pontos', 'conta|saldo de mineracao', 'levante|levantar o seu saldo', 'oferta de emprestimo', 'valores a receber', 'procuro|procurando um homem|namorado|marido', 'mulher|garota solitaria', 'parceiro estrangeiro', 'parente mais proximo', 'sou o advogado pessoal', 'me ajudar a repatriar', 'herdeiro|herdeira do|de meu cliente', 'deposito avaliado em', 'fundos nao reclamados', 'milhoes de dolares', 'falecido marido|pai|esposo|cliente', 'negocio muito importante|lucrativo|confidencial', 'transferir|transferencia dos|desses|esses fundos', 'taxa de juros de apenas', 'emprestimos|financiamentos flexiveis', 'oferta delicada', 'mulheres|garotas|meninas ucranianas|russas', 'procuro um amante', 'perda de peso rapida', 'uma viuva doente|idosa|crista', 'fundo de donativos|doacao|caridade', 'quero doar * para|atraves voce|vos|si', 'quero doar para|atraves voce|vos|si'],
  greeting: ['prezado|prezada|caro|cara cliente|usuario|usuaria'],
  share: ['partilhou|compartilhou consigo um|o|os documento|documentos|ficheiro|ficheiros|arquivo|arquivos|pasta', 'partilhou|compartilhou com voce um|o|os documento|documentos|ficheiro|arquivo|arquivos|pasta', 'partilhou|compartilhou um|o|os documento|documentos|ficheiro|ficheiros|arquivo|arquivos|pasta consigo', 'enviou lhe um|o documento|ficheiro|arquivo', 'recebeu um|novos? documento|documentos|ficheiro|arquivo|arquivos|mensagem protegido|protegida|seguro|segura', 'recebeu um novo documento|ficheiro|arquivo de'],
  archive_password: ['senha do arquivo|documento|zip|pdf|anexo', 'a senha e'],
  crypto: ['verifique|valide a sua? carteira|wallet'],
};
