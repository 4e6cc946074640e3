import { builder } from './builder';
// Each module registers its types and fields on the shared builder when imported.
import '../modules/users/user-schema';
import '../modules/auth/auth-schema';
import '../modules/courses/course-schema';
import '../modules/progress/progress-schema';
import '../modules/checks/checks-schema';
import '../modules/billing/billing-schema';
import '../modules/certificates/certificate-schema';
import '../modules/config/config-schema';
import '../modules/account/account-schema';
import '../modules/settings/settings-schema';
import '../modules/admin/admin-schema';
import '../modules/legal/legal-schema';
import '../modules/labs/labs-schema';
import '../modules/certificates/evidence-schema';

export const schema = builder.toSchema();
