import { inSector } from './brand-types.js';

/*
 * Card schemes, payment services, wallets, buy-now-pay-later, money transfer and crypto exchanges and
 * wallets. Rules: see brands-tech.ts. Payment links and invoices that any merchant can create on these
 * platforms (buy.stripe.com, paypal.me/…) still belong to the platform: the claim is about the brand,
 * and a merchant's content there is judged by the links' other signals.
 */

export const PAYMENT_BRANDS = inSector('payment', [
  {
    name: 'PayPal',
    domains: ['paypal.com', 'paypal.fr', 'paypal.de', 'paypal.co.uk', 'paypal.es', 'paypal.it', 'paypal.nl', 'paypal.ca', 'paypal.com.au', 'paypal.me', 'paypalobjects.com', 'paypal-communication.com', 'paypal-community.com', 'braintreegateway.com', 'xoom.com'],
    keywords: ['paypal'],
    lookalikeLabels: ['paypal', 'paypalobjects', 'paypal-communication', 'braintreegateway'],
  },
  { name: 'Venmo', parent: 'PayPal', domains: ['venmo.com'], keywords: ['venmo'] },
  { name: 'Visa', domains: ['visa.com', 'visa.fr', 'visa.de', 'visa.co.uk', 'visaeurope.com'], keywords: ['verified by visa', 'visa secure', 'visa card'], exactKeywords: ['VISA'], lookalikeLabels: ['visaeurope'] },
  { name: 'Mastercard', domains: ['mastercard.com', 'mastercard.us', 'mastercard.fr', 'mastercard.de', 'mastercard.co.uk'], keywords: ['mastercard', 'master card', 'mastercard id check'] },
  { name: 'American Express', domains: ['americanexpress.com', 'aexp.com', 'aexp-static.com'], keywords: ['american express', 'amex'], lookalikeLabels: ['americanexpress'] },
  { name: 'Discover', domains: ['discover.com', 'discovercard.com'], keywords: ['discover card', 'discover bank', 'discover it card'], lookalikeLabels: ['discovercard'] },
  { name: 'Stripe', domains: ['stripe.com', 'stripe.network'], keywords: ['stripe payments', 'stripe invoice'], exactKeywords: ['Stripe'], lookalikeLabels: [] },
  { name: 'Square', domains: ['squareup.com', 'squarecdn.com'], keywords: ['squareup', 'square invoices', 'square payroll'], lookalikeLabels: ['squareup'] },
  { name: 'Cash App', parent: 'Square', domains: ['cash.app'], keywords: ['cash app', 'cashapp'], lookalikeLabels: ['cashapp'] },
  { name: 'Zelle', domains: ['zellepay.com'], keywords: ['zelle'] },
  { name: 'Wise', domains: ['wise.com', 'transferwise.com'], keywords: ['transferwise', 'wise account', 'wise transfer'], exactKeywords: ['Wise'], lookalikeLabels: ['transferwise'] },
  { name: 'Klarna', domains: ['klarna.com'], keywords: ['klarna'] },
  { name: 'Afterpay / Clearpay', domains: ['afterpay.com', 'clearpay.co.uk'], keywords: ['afterpay', 'clearpay'] },
  { name: 'Affirm', domains: ['affirm.com'], keywords: ['affirm payment'], exactKeywords: ['Affirm'], lookalikeLabels: [] },
  { name: 'Scalapay', domains: ['scalapay.com'], keywords: ['scalapay'] },
  { name: 'Oney', domains: ['oney.fr'], keywords: ['oney', 'oney bank'] },
  { name: 'Lydia', domains: ['lydia-app.com'], keywords: ['lydia app'], lookalikeLabels: ['lydia-app'] },
  { name: 'Paylib', domains: ['paylib.fr'], keywords: ['paylib'] },
  { name: 'Bizum', domains: ['bizum.es'], keywords: ['bizum'] },
  { name: 'Satispay', domains: ['satispay.com'], keywords: ['satispay'] },
  { name: 'Bancontact Payconiq', domains: ['bancontact.com', 'payconiq.com'], keywords: ['bancontact', 'payconiq'] },
  { name: 'TWINT', domains: ['twint.ch'], keywords: ['twint'], lookalikeLabels: [] },
  { name: 'iDEAL', domains: ['ideal.nl'], keywords: ['ideal betaling'], exactKeywords: ['iDEAL'], lookalikeLabels: [] },
  { name: 'MB WAY / SIBS', domains: ['mbway.pt', 'sibs.com'], keywords: ['mb way', 'mbway', 'multibanco'] },
  { name: 'Mercado Pago', domains: ['mercadopago.com', 'mercadopago.com.br', 'mercadopago.com.ar', 'mercadopago.com.mx'], keywords: ['mercado pago', 'mercadopago'] },
  { name: 'PicPay', domains: ['picpay.com'], keywords: ['picpay'] },
  { name: 'Interac', domains: ['interac.ca'], keywords: ['interac', 'e transfer interac'] },
  { name: 'Western Union', domains: ['westernunion.com'], keywords: ['western union'] },
  { name: 'MoneyGram', domains: ['moneygram.com'], keywords: ['moneygram'] },
  { name: 'Remitly', domains: ['remitly.com'], keywords: ['remitly'] },
  { name: 'Skrill', domains: ['skrill.com'], keywords: ['skrill'] },
  { name: 'Neteller', domains: ['neteller.com'], keywords: ['neteller'] },
  { name: 'Paysafecard', domains: ['paysafecard.com'], keywords: ['paysafecard'] },
  { name: 'Payoneer', domains: ['payoneer.com'], keywords: ['payoneer'] },
  { name: 'Adyen', domains: ['adyen.com'], keywords: ['adyen'] },
  { name: 'SumUp', domains: ['sumup.com'], keywords: ['sumup'] },
]);

export const CRYPTO_BRANDS = inSector('crypto', [
  { name: 'Coinbase', domains: ['coinbase.com'], keywords: ['coinbase', 'coinbase wallet'] },
  { name: 'Binance', domains: ['binance.com', 'binance.us'], keywords: ['binance'] },
  { name: 'Kraken', domains: ['kraken.com'], keywords: ['kraken exchange'], exactKeywords: ['Kraken'], lookalikeLabels: ['kraken'] },
  { name: 'Crypto.com', domains: ['crypto.com'], keywords: ['crypto com'], lookalikeLabels: [] },
  { name: 'Gemini', domains: ['gemini.com'], keywords: ['gemini exchange', 'gemini trust'], lookalikeLabels: [] },
  { name: 'Bitstamp', domains: ['bitstamp.net'], keywords: ['bitstamp'] },
  { name: 'Bitpanda', domains: ['bitpanda.com'], keywords: ['bitpanda'] },
  { name: 'Bitvavo', domains: ['bitvavo.com'], keywords: ['bitvavo'] },
  { name: 'Ledger', domains: ['ledger.com'], keywords: ['ledger live', 'ledger nano'], exactKeywords: ['Ledger'] },
  { name: 'Trezor', domains: ['trezor.io'], keywords: ['trezor'] },
  { name: 'MetaMask', domains: ['metamask.io', 'consensys.io', 'consensys.net'], keywords: ['metamask'] },
  { name: 'Blockchain.com', domains: ['blockchain.com'], keywords: ['blockchain com'], lookalikeLabels: [] },
  { name: 'OKX', domains: ['okx.com'], keywords: ['okx'] },
  { name: 'Bybit', domains: ['bybit.com'], keywords: ['bybit'] },
  { name: 'KuCoin', domains: ['kucoin.com'], keywords: ['kucoin'] },
  { name: 'eToro', domains: ['etoro.com'], keywords: ['etoro'] },
  { name: 'Trust Wallet', domains: ['trustwallet.com'], keywords: ['trust wallet', 'trustwallet'] },
]);
