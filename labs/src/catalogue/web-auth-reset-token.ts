// PLACEHOLDER: to be written.
import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-auth-reset-token',
  moduleId: 'web-application',
  lessonNumber: 11,
  title: 'PLACEHOLDER',
  difficulty: 'Beginner',
  objective: 'PLACEHOLDER',
  hints: [],
  writeup: 'PLACEHOLDER',
};

export default lab;
