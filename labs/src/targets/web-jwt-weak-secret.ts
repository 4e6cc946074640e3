// PLACEHOLDER: to be written.
import type { LabTarget } from '../host/lab-kit';

const target: LabTarget = { id: 'web-jwt-weak-secret', routes: {} };

export default target;
