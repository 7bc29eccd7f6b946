import type { Brand } from './brand-types.js';
import { BANKS_DE_NL } from './brands-banks-de-nl.js';
import { BANKS_FR_BE_CH } from './brands-banks-fr-be-ch.js';
import { BANKS_NA } from './brands-banks-na.js';
import { BANKS_SOUTH } from './brands-banks-south.js';
import { BANKS_UK_AU } from './brands-banks-uk-au.js';
import { CARRIER_BRANDS } from './brands-carriers.js';
import { GOVERNMENT_EU_BRANDS } from './brands-government-eu.js';
import { GOVERNMENT_WORLD_BRANDS } from './brands-government-world.js';
import { INSURANCE_BRANDS } from './brands-insurance.js';
import { CRYPTO_BRANDS, PAYMENT_BRANDS } from './brands-payments.js';
import { RETAIL_BRANDS, RETAIL_EU_BRANDS } from './brands-retail.js';
import { SAAS_BRANDS } from './brands-saas.js';
import { SERVICE_BRANDS } from './brands-services.js';
import { GAMING_BRANDS, STREAMING_BRANDS } from './brands-streaming.js';
import { SECURITY_BRANDS, SOCIAL_BRANDS, TECH_BRANDS } from './brands-tech.js';
import { TELECOM_BRANDS } from './brands-telecom.js';
import { TRAVEL_BRANDS } from './brands-travel.js';
import { UTILITY_BRANDS } from './brands-utilities.js';
import { ASIA_BANKS, ASIA_CARRIERS, ASIA_GOVERNMENT, ASIA_PAYMENT_BRANDS, ASIA_RETAIL_TECH } from './brands-asia.js';
import { EAST_EUROPE_BANKS, EAST_EUROPE_CARRIERS, EAST_EUROPE_GOVERNMENT, EAST_EUROPE_PAYMENT_BRANDS, EAST_EUROPE_RETAIL_SOCIAL } from './brands-east-europe.js';
import { MEA_LATAM_BANKS, MEA_LATAM_OTHER } from './brands-mea-latam.js';
import { NORDIC_BANKS, NORDIC_CARRIERS, NORDIC_GOVERNMENT, NORDIC_PAYMENT_BRANDS, NORDIC_RETAIL_TELECOM } from './brands-nordics.js';

/**
 * Every brand phishers imitate, one sector file each (rules for the data: brands-tech.ts and
 * brands-government-eu.ts; checked by test/engine/catalogue.test.ts). Order matters only where two
 * brands declare the same domain (facebookmail.com): the first listed owns it.
 */
export const IMITATED_BRANDS: readonly Brand[] = [
  ...TECH_BRANDS,
  ...SOCIAL_BRANDS,
  ...SECURITY_BRANDS,
  ...SAAS_BRANDS,
  ...PAYMENT_BRANDS,
  ...CRYPTO_BRANDS,
  ...BANKS_NA,
  ...BANKS_UK_AU,
  ...BANKS_FR_BE_CH,
  ...BANKS_DE_NL,
  ...BANKS_SOUTH,
  ...CARRIER_BRANDS,
  ...RETAIL_BRANDS,
  ...RETAIL_EU_BRANDS,
  ...INSURANCE_BRANDS,
  ...TELECOM_BRANDS,
  ...UTILITY_BRANDS,
  ...TRAVEL_BRANDS,
  ...STREAMING_BRANDS,
  ...GAMING_BRANDS,
  ...SERVICE_BRANDS,
  ...GOVERNMENT_EU_BRANDS,
  ...GOVERNMENT_WORLD_BRANDS,
  // Regional catalogues: the Nordics, Central and Eastern Europe with Greece, Russia and Ukraine, Asia,
  // and the Middle East, Africa and Latin America.
  ...NORDIC_CARRIERS,
  ...NORDIC_BANKS,
  ...NORDIC_PAYMENT_BRANDS,
  ...NORDIC_RETAIL_TELECOM,
  ...NORDIC_GOVERNMENT,
  ...EAST_EUROPE_CARRIERS,
  ...EAST_EUROPE_BANKS,
  ...EAST_EUROPE_PAYMENT_BRANDS,
  ...EAST_EUROPE_RETAIL_SOCIAL,
  ...EAST_EUROPE_GOVERNMENT,
  ...ASIA_CARRIERS,
  ...ASIA_BANKS,
  ...ASIA_PAYMENT_BRANDS,
  ...ASIA_RETAIL_TECH,
  ...ASIA_GOVERNMENT,
  ...MEA_LATAM_BANKS,
  ...MEA_LATAM_OTHER,
];
