// PLACEHOLDER: to be written.
import type { LabTarget } from '../host/lab-kit';

const target: LabTarget = { id: 'web-auth-reset-token', routes: {} };

export default target;
