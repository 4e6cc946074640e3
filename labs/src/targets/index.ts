// Every lab target the lab host serves, one file per lab (the file name is the lab's id).
// ../catalogue/index.ts holds what the course says about each; a test pairs the two lists.
import type { LabTarget } from '../host/lab-kit';
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

export const TARGETS: readonly LabTarget[] = [
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
];
