// Every lab of the course, in the order lessons teach them. The app server reads this
// list (the `labs` query, the lesson's "Try it" block); the lab host pairs each entry
// with its target in ../targets/index.ts. A test holds the two lists to each other.
import type { LabInfo } from './lab-info';
import webSqliLoginBypass from './web-sqli-login-bypass';
import webSqliUnion from './web-sqli-union';
import webSqliBlindBoolean from './web-sqli-blind-boolean';
import webXssReflected from './web-xss-reflected';
import webXssStored from './web-xss-stored';
import webXssDom from './web-xss-dom';
import webCsrfEmailChange from './web-csrf-email-change';
import webAuthResetToken from './web-auth-reset-token';
import webJwtWeakSecret from './web-jwt-weak-secret';
import webIdorInvoices from './web-idor-invoices';
import webSsrfStockCheck from './web-ssrf-stock-check';
import webPathTraversal from './web-path-traversal';
import webCommandInjection from './web-command-injection';
import webSstiTemplate from './web-ssti-template';
import webGraphqlHiddenField from './web-graphql-hidden-field';
import cryptoEcbCutPaste from './crypto-ecb-cut-paste';
import cryptoStreamNonceReuse from './crypto-stream-nonce-reuse';
import cryptoHmacSecretWordlist from './crypto-hmac-secret-wordlist';
import cryptoCbcPaddingOracle from './crypto-cbc-padding-oracle';
import cryptoRsaSmallE from './crypto-rsa-small-e';
import netScanTriage from './net-scan-triage';
import netLinuxPrivesc from './net-linux-privesc';
import netCaptureCredentials from './net-capture-credentials';
import wifiSurveyScope from './wifi-survey-scope';
import wifiWpa2Passphrase from './wifi-wpa2-passphrase';
import wifiWpsPinChecksum from './wifi-wps-pin-checksum';
import wifiEnterpriseMschapv2 from './wifi-enterprise-mschapv2';
import wifiAuditCsvReport from './wifi-audit-csv-report';
import mobileHardcodedSecrets from './mobile-hardcoded-secrets';
import mobileExportedDeeplink from './mobile-exported-deeplink';
import mobileBackendIdor from './mobile-backend-idor';
import htmHidKeystrokes from './htm-hid-keystrokes';
import htmBleGattWritable from './htm-ble-gatt-writable';
import seOsintCompanySite from './se-osint-company-site';
import sePhishingEmlForensics from './se-phishing-eml-forensics';

export type { LabDifficulty, LabInfo } from './lab-info';

export const LABS: readonly LabInfo[] = [
  webSqliLoginBypass,
  webSqliUnion,
  webSqliBlindBoolean,
  webXssReflected,
  webXssStored,
  webXssDom,
  webCsrfEmailChange,
  webAuthResetToken,
  webJwtWeakSecret,
  webIdorInvoices,
  webSsrfStockCheck,
  webPathTraversal,
  webCommandInjection,
  webSstiTemplate,
  webGraphqlHiddenField,
  cryptoEcbCutPaste,
  cryptoStreamNonceReuse,
  cryptoHmacSecretWordlist,
  cryptoCbcPaddingOracle,
  cryptoRsaSmallE,
  netScanTriage,
  netLinuxPrivesc,
  netCaptureCredentials,
  wifiSurveyScope,
  wifiWpa2Passphrase,
  wifiWpsPinChecksum,
  wifiEnterpriseMschapv2,
  wifiAuditCsvReport,
  mobileHardcodedSecrets,
  mobileExportedDeeplink,
  mobileBackendIdor,
  htmHidKeystrokes,
  htmBleGattWritable,
  seOsintCompanySite,
  sePhishingEmlForensics,
];

const byId = new Map(LABS.map((lab) => [lab.id, lab]));

export function findLab(id: string): LabInfo | undefined {
  return byId.get(id);
}

export function labsOfModule(moduleId: string): LabInfo[] {
  return LABS.filter((lab) => lab.moduleId === moduleId);
}
