/**
 * Everyday words of English, French, German, Spanish, Italian, Dutch and Portuguese (folded: lower-case,
 * accents stripped), for the catalogue test: a brand keyword that is one of these words would claim a
 * brand in innocent text, so such a brand name may only be a case-sensitive exact keyword or part of a
 * longer phrase. The first lines are each language's most frequent words; the rest are ordinary words
 * that are also brand names (the mistakes this list exists to catch).
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  `
  the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she or an will my one all
  would there their what so up out if about who get which go me when make can like time no just him know take people into year your
  good some could them see other than then now look only come its over think also back after use two how our work first well way even
  new want because any these give day most us is are was were been has had did said made find here thing many very long great little
  own old right big high different small large next early young important few public bad same able last free open best sure real
  please thanks thank hello dear regards team today tomorrow week month order account service support help mail email message
  le la les un une des du de et a au aux en dans pour par sur avec sans sous est sont etre avoir fait faire il elle ils elles nous vous
  je tu on ce cette ces mon ma mes ton ta tes son sa ses notre votre leur qui que quoi dont ou mais donc or ni car pas plus tres bien
  tout tous toute toutes bonjour merci cordialement madame monsieur equipe semaine jour demain hier compte commande service courrier
  avis poste total libre orange carrefour boulanger douane impots impot banque credit caisse epargne prime cadeau
  der die das ein eine einer eines dem den des und oder aber nicht ist sind war waren sein haben hat hatte ich du er sie es wir ihr
  mit fur fuer von zu zum zur auf aus bei nach uber ueber unter vor wie was wer wo wenn dass auch noch nur schon sehr gut hallo danke
  gruss grusse liebe lieber team woche tag morgen heute konto bestellung post paket elster ergo netto penny otto
  el la los las un una unos unas y o pero no es son ser estar ha han he con sin por para en de del al que quien como cuando donde
  muy mas bien hola gracias saludos equipo semana dia manana hoy cuenta pedido correo correos hacienda claro vivo nos
  il lo gli i un uno una e o ma non che chi come quando dove con senza per tra fra su da di del della dei degli delle al alla sono
  essere avere ha ho hai molto piu bene ciao grazie saluti squadra settimana giorno domani oggi conto ordine posta poste subito
  intesa generali sella continente
  de het een en of maar niet is zijn was waren hebben heeft ik jij je hij zij wij jullie met voor van naar op uit bij over onder als
  wat wie waar wanneer dat ook nog al heel goed hallo dank bedankt groeten team week dag morgen vandaag rekening bestelling post
  marktplaats ideal
  o a os as um uma uns umas e ou mas nao que quem como quando onde com sem por para em de do da dos das ao muito mais bem ola
  obrigado obrigada cumprimentos equipa semana dia amanha hoje conta pedido correio correios novo
  apple chase visa discover target ally capital citizens regions key fifth third mint square stripe wise cash bolt box zoom slack
  notion monday linear base salt sunrise three sky bell fido freedom wind tim delta united american southwest frontier spirit
  virgin swiss lot tap level emirates booking hotels kayak avis enterprise uber indeed monster steam epic riot origin max peacock
  paramount canal tidal audible fire kindle ring nest next boots shell wish mango coop jumbo progressive nationwide admiral
  prudential humana fidelity vanguard huntington chime marcus affirm kraken gemini ledger uphold exodus telegram discord twitch
  workday asana confluence sage tangerine global secure online mobile digital direct
  `
    .split(/\s+/)
    .filter(Boolean),
);

/** Generic domain labels: a look-alike of these is any domain, not an imitation of a brand. */
export const GENERIC_LABELS: ReadonlySet<string> = new Set([
  'account', 'accounts', 'app', 'apps', 'bank', 'billing', 'blog', 'business', 'cloud', 'connect', 'direct', 'email', 'gov', 'group',
  'help', 'home', 'info', 'login', 'mail', 'my', 'news', 'notification', 'notifications', 'online', 'particuliers', 'pay', 'payment',
  'portal', 'post', 'secure', 'service', 'services', 'shop', 'store', 'support', 'tax', 'update', 'verify', 'web', 'www',
]);
