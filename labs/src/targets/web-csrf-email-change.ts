// PLACEHOLDER: to be written.
import type { LabTarget } from '../host/lab-kit';

const target: LabTarget = { id: 'web-csrf-email-change', routes: {} };

export default target;
