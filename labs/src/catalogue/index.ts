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
];

const byId = new Map(LABS.map((lab) => [lab.id, lab]));

export function findLab(id: string): LabInfo | undefined {
  return byId.get(id);
}

export function labsOfModule(moduleId: string): LabInfo[] {
  return LABS.filter((lab) => lab.moduleId === moduleId);
}
