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
];
