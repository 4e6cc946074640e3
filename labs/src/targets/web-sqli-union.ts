// PLACEHOLDER: to be written.
import type { LabTarget } from '../host/lab-kit';

const target: LabTarget = { id: 'web-sqli-union', routes: {} };

export default target;
