// PLACEHOLDER: to be written.
import type { LabTarget } from '../host/lab-kit';

const target: LabTarget = { id: 'web-graphql-hidden-field', routes: {} };

export default target;
