import type { Lexicon } from './types.js';

/** English. */
export const EN: Lexicon = {
  urgency: [
    'within the? next? 24|48|72|12 hours|hrs|h',
    'within 24h|48h|72h',
    'act now|immediately|fast|quickly',
    'immediate action|attention|response required?',
    'action required|needed',
    'respond|reply immediately|urgently|asap',
    'final notice|warning|reminder',
    'last warning|notice|reminder',
    'expires|expire|expiring today|soon|tomorrow',
    'will expire today|soon|in',
    'urgent attention|action|response|request',
    'do not ignore this email|message|notice',
    'failure to comply|respond|verify|confirm',
    'time sensitive',
    // The claims-bait hook: "check your eligibility in 30 seconds" (a pressure of ease, not of a deadline).
    'eligibility in * seconds|minutes',
    'before it is too late',
  ],
  threat: [
    // The wallet-breach lure: "your wallet may be breached", "your crypto being stolen by a third party". Only the
    // reader's own wallet or coins: a news digest's "readers' wallets may be compromised" reports, it does not threaten.
    'your wallet|wallets|crypto|funds|assets|coins|tokens|nfts may|might|could|has|have be|been breached|compromised|hacked|drained|exposed',
    'your wallet|wallets|crypto|funds|assets|coins|tokens|nfts are|is|may|might|could be? at risk',
    'your wallet|wallets|crypto|funds|assets|coins|tokens|nfts being|be|get|getting stolen|drained',
    // What happens unless the reader acts: "otherwise your reservation will be annulled", "the services listed
    // below will be deactivated and deleted if not renewed", "your order is on hold", "temporarily stopped".
    'reservation|booking|order|account will be cancelled|canceled|annulled|voided|forfeited',
    'will be deactivated|suspended|deleted|terminated|closed|cancelled|canceled if not|unless',
    'will be deactivated|suspended and|or deleted|terminated|closed|removed if not|unless',
    'order|account|payment|transaction is|was|has been? placed|put? on hold',
    'temporarily stopped|paused|frozen|held',
    'account|mailbox|email|access|card|profile has|have been suspended|locked|limited|restricted|disabled|deactivated|closed|blocked|terminated|frozen|compromised|deleted',
    'account|mailbox|email|access|card|profile will be suspended|locked|limited|restricted|disabled|deactivated|closed|blocked|terminated|frozen|deleted',
    'account|mailbox|access|card|profile is suspended|locked|limited|restricted|disabled|deactivated|blocked|frozen|compromised',
    'account|mailbox|card suspension|deactivation|termination|closure|restriction',
    'unusual|suspicious|unauthorized|unauthorised|irregular activity|sign|login|logins|access|transaction|transactions|attempt',
    'we detected|noticed|observed unusual|suspicious|unauthorized|irregular',
    'someone tried|attempted to sign|log|access|use',
    'someone has signed|logged|accessed',
    'your mailbox|storage|quota|email is|has full|exceeded|almost|reached',
    'icloud|cloud|drive|photo storage is|almost full',
    'you are|re running out of storage|space',
    'youre running out of storage|space',
    'your mailbox|email quota|storage',
    'will be permanently deleted|lost|removed|closed',
    'legal action|proceedings',
    'avoid suspension|deactivation|interruption|closure|cancellation|termination',
    'temporarily suspended|locked|limited|blocked|restricted',
    'your password expires|expired',
    'your password will|has expire|expired',
    'password is expiring|expired',
    'mailbox|email password is|has|will expire|expiring|expired',
    'messages|emails are|were on hold',
    'messages|emails are|were pending|blocked|held|undelivered',
    'incoming messages|emails have been? held|suspended|blocked|pending',
    // "Mail delivery failed: release your messages": the held-mail lure's story and its call to action.
    'messages|emails held|quarantined in|for|due|because',
    'release your|the pending|held|blocked|quarantined messages|emails|mail',
    'release your|the messages|emails',
    'security alert|breach|warning|notification',
  ],
  credential: [
    // A wallet's recovery phrase and the connection that signs for it are its credentials: asking for them is a credential request (docs/detection.md "Two independent facts before an accusation").
    'connect your wallet', 'seed|recovery|secret|keystore|wallet phrase',
    'verify|confirm|validate|update|reactivate|restore|unlock|secure your account|identity|password|information|details|credentials|mailbox|login|access|data',
    'keep|retain using? your current|same|old password',
    'verify|confirm your account|identity now|below|here',
    'sign|log in|into to verify|confirm|restore|unlock|update|secure|avoid|reactivate|validate',
    'log|sign in to review your account|details|information',
    'enter|provide|submit|confirm your password|credentials|login|username|pin|ssn',
    'enter|provide|submit your card|security details|number|code',
    // Signing in, not signing up: "click here to sign-up for my newsletter" subscribes.
    'click|tap below|here to verify|confirm|validate|unlock|restore|update|reactivate|login', 'click|tap below|here to sign|log in|on|into',
    'keep|retain your same|current|existing? password',
    'confirm|verify ownership of your? account|mailbox|email',
    'upgrade your mailbox|email|storage',
    'complete the verification|validation',
    'failure to verify|confirm|validate|update',
    'prove your identity|ownership',
    'confirm|verify|update your account records|record',
    'fill in|out the required information|fields',
    // "Sign in with your company email and password to access the document": the lure names the
    // credentials it wants; genuine single sign-on notices say "sign in", not "with your password".
    'with your company|corporate|work|office|microsoft|outlook|network|domain email|mail|account|address? and|or password|credentials',
    'with your email|mail and|or password|credentials',
    'with your email|mail|office|microsoft|outlook|network|domain login|password|credentials',
    // A compromised mailbox's lure sends the reader to sign in with the e-mail address alone (the page asks the
    // password): "log in with your email to view the document". The object keeps a shop's "sign in with your
    // email to track your order" out (docs/detection.md "What does it ask").
    'your e? email|mail address? to view|access|open|download|review|read|see the|this? document|documents|file|files|pdf|proposal|quote|statement|contract|agreement|fax',
    'sign|log in to listen',
    // The voicemail lure: a recording that plays only after signing in.
    'sign|log in with your * account to listen|play|hear|retrieve',
    // QR-code lures ("quishing") send the reader's phone to a sign-in page the mail never links to.
    're register|enroll|activate|authenticate your authenticator|mfa|2fa',
    'reregister|reenroll|reset|reactivate|reauthenticate your authenticator|mfa|2fa',
    'scan the|this qr code to|and re|reregister|update|verify|validate|reactivate|secure|restore|confirm|authenticate|sign|log|unlock|access',
    'scan the|this qr code below|above to|and re|reregister|update|verify|validate|reactivate|secure|restore|confirm|authenticate|sign|log|unlock|access',
    // The QR code sent with no link takes the lure to a phone no filter watches: "scan the QR code with your
    // phone to review and sign". The purpose is the ask; "scan the QR code with your phone at the entrance" is a ticket.
    'qr code with your mobile|phone|smartphone|camera|device to review|sign|verify|validate|confirm|access|unlock|restore|update|reactivate|view|open|complete',
    'qr code with your mobile phone|device to review|sign|verify|validate|confirm|access|unlock|restore|update|reactivate|view|open|complete',
    // "Scan the QR code below with your phone camera to re-authenticate": the camera named, the step a sign-in.
    'with your mobile|phone|smartphone|device camera to re? authenticate|reauthenticate|enroll|reenroll|register|reregister|verify|validate|sign|log',
  ],
  // The organisation's own sign-in named: the salary-review lure's words, and also how HR announces a portal
  // to its own staff; a credential ask only from outside the recipients' organisation (types.ts).
  org_credential: ['log|sign in with your company|corporate|work|office|network credentials|login'],
  payment: [
    // Delivery-fee and order lures: "kindly confirm the payment of EUR 1.85", "[Payment Decline] your order is on hold".
    'confirm|complete the|your payment of',
    // The free gift that costs only its shipping: the card-capture step of reward and loyalty lures.
    'you only pay|cover the? shipping|postage', 'just pay|cover the? shipping|postage',
    'payment decline|declines',
    'update your? payment|billing|card method|details|information|info',
    'payment failed|declined|unsuccessful|issue|problem|rejected',
    'your payment|card was|has been? declined|refused|rejected|unsuccessful',
    'card has|have expired',
    'provide|enter|submit your card details|number',
    'outstanding balance|invoice|payment|amount',
    'pay|settle the|a|your? customs|shipping|delivery|redelivery|small fee|fees|charges|duty|duties',
    'customs|shipping|delivery|redelivery fee|fees|charge|charges',
    'unpaid invoice|bill|toll|tolls|fine|fines',
    // Fine and toll lures (a traffic fine, a parking or toll charge to pay before it rises): the ask is paying it.
    'pay|settle your|the|this? outstanding? traffic|parking|speeding|toll? fine|fines|penalty|ticket',
    'outstanding traffic|parking|speeding|toll fine|fines|penalty|ticket|charge',
    'penalty charge notice',
    'tax|vat refund|rebate',
    'you are eligible|entitled for|to a refund|rebate|reimbursement|compensation',
    'pending refund|payment|transfer',
    'billing information|details|problem|issue',
    'subscription has|is expired|cancelled|suspended',
    'subscription will be cancelled|suspended|terminated',
    'subscription could not be renewed',
  ],
  giftcard: [
    'gift card|cards|voucher|vouchers',
    'itunes|steam|vanilla|razer|ebay card|cards',
    'google play card|cards',
    'amazon|apple gift card|cards',
    'scratch the back|off',
    'send|email me the card? codes|pictures|photos|numbers',
    'buy|purchase some? gift|itunes|steam card|cards',
  ],
  wire: [
    // "By bank transfer" names how to pay (every invoice, club or landlord says it); a wire or a transfer
    // that is urgent, international or confidential is the ask.
    'wire|swift|telegraphic transfer|payment',
    'urgent|immediate|international bank transfer|payment',
    'i need you to handle|process|make|send|buy|purchase|get',
    'process a|an|the urgent? payment|transfer|wire',
    'urgent|confidential|discreet payment|transfer|task|matter|request',
    'beneficiary account|name|details|bank',
    'send|transfer the|this funds|money|payment',
  ],
  // How a BEC lure opens and hushes ("are you available?", "keep it between us"): also how friends plan a
  // surprise. Never an ask on its own; it strengthens a wire or gift-card ask it accompanies (detectors/language.ts).
  pretext: [
    'are you available|around',
    'are you at your desk',
    'i need a|your quick? favor|favour',
    'can you do me a quick? favor|favour',
    'keep this confidential|discreet|quiet',
    'keep it|this between us',
    'keep it|this confidential for now',
  ],
  bank_change: [
    // "Change of bank details" in a subject is the same announcement as "our bank details have changed".
    'change|changes|update of? our|my? bank|banking details|account|information',
    // "Update payment details" alone is a billing update (a payment phrase, above); a supplier's new bank
    // details say whose they are.
    'change|update of? our|my payment details|account|information',
    'our|my bank|banking details|account|information has|have changed',
    'our|my bank|banking details|account|information has|have been changed|updated',
    'new bank|banking account|details',
    'i|we have|ve changed|switched our|my? banks|bank',
    'i|we changed|switched our|my? banks|bank',
    // "Make all future payments, including the outstanding invoice, to our new account below".
    'future|further payments to our|my new account|bank',
    'to our|my new account below',
    'to our|my new bank account below',
    'update|change my direct deposit|payroll|salary',
    'my direct deposit|payroll|salary details|information|account',
    'direct deposit|salary|paycheck to|into my new account|bank',
    'new account for my salary|paycheck|payroll',
  ],
  // The safeguard of a genuine change of bank details: check it by telephone on a number the reader already
  // has. A fraudster gives a new number, or none (detectors/language.ts, WIRE_TRANSFER_REQUEST).
  known_channel: [
    'our|the usual|normal|known|existing telephone|phone? number',
    'number you already have|know',
    'number you have for us',
    'number on|from our website|letterhead',
    'number on|from our|the previous|earlier|past|existing invoices|correspondence',
    'your usual contact',
  ],
  prize: [
    'congratulations you|youve|your',
    'you have|ve been selected|chosen',
    'you have|ve won',
    'you are|re our a lucky? winner',
    'claim your prize|reward|gift|bonus|winnings|free',
    'you won|win a|an|the',
    'free iphone|gift|reward|prize',
    'exclusive reward|offer|gift|prize|bonus',
    'lottery|sweepstakes|jackpot',
    'lucky draw',
    'complete a|our|this short? survey|questionnaire',
    'cash prize|reward|bonus',
    'double your money|bitcoin|crypto|investment',
    'guaranteed profit|profits|income|returns',
  ],
  // Scam and spam offers that ask for a reply, an investment or a visit (docs/detection.md "What does it ask").
  // Crypto claims: the ask of a wallet-draining lure (connect the wallet, give the phrase, claim tokens).
  crypto: ['airdrop', 'claim your|the tokens|airdrop', 'keystore file|password', 'staking rewards', 'claim instructions', 'qualifies|qualify you for a|an claim|airdrop|reward|allocation', 'check your eligibility', 'validate|verify|sync your wallet', 'private key',
    // The wallet lure's call to action: "secure your wallet", "claim your tokens before …".
    'secure|protect|resync|synchronise|synchronize your|the wallet|wallets', 'claim your|the token|allocation|tokens|coins',
    // Its ask: scan the device or the wallet on the lure's page ("scanning your device using our web interface",
    // "run our easy web-scan"); a wallet maker says it never asks that (legit-en-wallet-maker-incident-update.eml).
    'scan|scanning|check|checking your device|devices|wallet|wallets using|with|on|via|through our web|online interface|page|site|website',
    'run|use our easy|quick? web|online scan|check',
    'wallets|wallet that are|is not synchronised|synchronized|verified|validated'],
  scam: ['claim your|the rewards|bonus',
    // Domain slamming: a "search engine registration" of the reader's domain sold as if it were its renewal,
    // with the solicitation's disclaimer ("you are under no obligation to pay unless you accept this offer").
    'search engine registration|submission|listing expires|expired|expiration', 'domain search engine registration|submission|listing', 'no obligation to pay unless|until you accept',
    // Funds promised behind a file or a coin promised behind a sign-in: "open the presentation to receive the funds", "sign in to get 0.44 BTC".
    'document|presentation|file|attachment to receive|claim|release the funds|payment|money|transfer', 'get * btc|bitcoin|eth|usdt', 'get * * btc|bitcoin|eth|usdt',
    // Claims-management bait: "you may be owed €500-10,000", "no win no fee", "check if you are owed money".
    // Advance-fee openers in the first or second person ("I am the personal attorney …", "I have a very
    // lucrative deal"): the third person is the news ("signed a lucrative deal", "heir to the late founder").
    'you may|could|might be owed', 'you are|re owed compensation|money', 'check if|whether you are|re owed', 'no win no fee', 'may|could be entitled to compensation|damages|a payout', 'next of kin', 'i am the sole? heir|heiress|beneficiary', 'son|daughter and heir|heiress to|of the late', 'am the personal attorney|lawyer', 'have a very? lucrative deal|transaction|proposal', 'have a very? lucrative business deal|proposal|transaction', 'finder s fee commission', 'finders fee commission', 'have an investor that|who wants|want|is willing to invest', 'release of your fund|funds|inheritance|consignment|payment', 'fund|funds release notice', 'beneficiary of|to the fund|funds|estate|inheritance|will', 'unclaimed fund|funds|inheritance|estate|deposit', 'million united states dollars', 'help me safeguard|secure * amount|sum of? money', 'business|investment proposal|collaboration|partnership opportunity', 'charitable dispositions|donation|project', 'compensation fund|payment', 'diplomatic courier|consignment', 'atm card', 'my late husband|father|client', 'praise the lord', 'god bless you', 'bitcoin|crypto|btc profit|profits|investment|trading', 'guaranteed profit|profits|income|returns', 'passive income', 'double your bitcoin|crypto|money|investment', 'your balance has been replenished|credited|topped', 'withdraw your funds|earnings|balance|profit', 'withdraw any|all remaining? funds|earnings|balance', 'hours|days|minutes left? to withdraw|claim', 'viagra', 'cialis', 'erectile dysfunction', 'male enhancement', 'hot|lonely|horny|sexy singles|women|girls|ladies|milfs', 'meet beautiful|lonely|hot|sexy|single women|girls|ladies', 'adult dating', 'sex tonight', 'free spins', 'no deposit bonus|required', 'casino bonus', 'welcome bonus', 'play for free and win', 'lose weight|belly fat|pounds fast', 'fat burning|burner', 'joint|back|nerve|knee pain relief', 'blood sugar levels?', 'sell your house|home fast', 'cash offer for your house|home', 'extended car|auto warranty', 'debt relief', 'mining balance', 'active mining', 'stake|staking your assets|tokens|coins|xlm|eth', 'by staking', 'selection of girls', 'available girls', 'loan offer', 'hr|recruiter|recruitment|hiring team|manager on|via whatsapp|telegram', 'your resume|cv was recommended|referred|shortlisted by', 'simple online|app|rating tasks', 'looking|searching|seeking for? a|an? serious|reliable|nice|kind? man|guy|gentleman|husband|dude|mister', 'years old woman|girl|lady|chick|miss', 'lonely woman|girl|lady|miss', 'i|im am? a single|lonely|humble *? lady|woman|girl|miss|mistress', 'seeking|find|for juicy|desirable|fine|friendly|lovely|handsome|adventurous|awesome dude|buddy|guy|gentleman|mister', 'what state are you from', 'ukrainian|russian|slavic women|girls|brides|beauties|singles|ladies', 'looking for a lover|lovers', 'she is single and|waiting', 'weight loss gummies|pills|drops', 'keto gummies|pills|diet', 'you are now rich', 'quickly|urgently withdraw your', 'donated * * * * usd|dollars|euros to you', 'donated * * * usd|dollars|euros to you', 'for the purpose of charity', 'cheating wives|housewives', 'matched for you in your area', 'your profile has been matched', 'i am a sick|dying widow'],
  greeting: ['dear valued? customer|user|client|member|subscriber|account|beneficiary|recipient|friend|winner', 'dear account|email|mailbox holder|owner|user', 'hello|hi|attention valued? customer|user|client|member'],
  // Sextortion and blackmail: claims of spyware and recordings, payment in crypto-currency, threats to
  // send "the video" to the victim's contacts.
  extortion: [
    'installed|planted|placed spyware|malware|trojan|virus|rat on your computer|device|devices|phone|system',
    'i|we gained|obtained|got access to your computer|device|devices|phone|webcam|camera|accounts',
    'recorded|filmed|captured you',
    'video|recording|footage of you',
    'send|share|forward|release the|this video|recording|footage',
    'to all of? your contacts|friends|colleagues|relatives',
    'adult|porn|pornographic|xxx websites|sites|videos|content',
    'here is your email? password',
    'pay|send|transfer in bitcoin|btc|crypto|cryptocurrency',
    'bitcoin|btc wallet|address',
  ],
  // A sharing platform's notice, in the third person: "I have shared the file" is a person writing.
  share: [
    'has shared a|an|the|this secure|protected|encrypted|new? document|documents|file|files|folder|pdf|message|item|items with you',
    'has shared * with you', 'has shared * * with you',
    'has sent you a|an|the secure|protected|encrypted|new? document|documents|file|files|folder|pdf',
    'you have|ve received a|an? new? secure|protected|encrypted document|documents|file|files|message|fax',
    'you have|ve received new? files|documents via|through|from',
    'shared a|an secure|protected|encrypted document|file|folder with you',
    'sent you a|an secure|protected|encrypted|new? document|documents|file|files via|through|using',
    'received a|an new|secure|protected|encrypted? document|file|files from',
  ],
  archive_password: ['the password|passcode is', 'password|passcode for|to open the? archive|zip|file|attachment|document', 'archive|zip|file|document|attachment password', 'password protected|encrypted'],
};
